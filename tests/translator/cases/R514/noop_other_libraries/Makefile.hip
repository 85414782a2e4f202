LDLIBS = -lm -lcudaextra -lpthread
