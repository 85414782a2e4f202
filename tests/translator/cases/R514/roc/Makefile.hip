LDLIBS = -lrocblas -lrocrand
