LDLIBS = -L$(CUDA_HOME)/lib64 -lamdhip64 -lhipblas -lhipblaslt -lhiprand -lhipsparse -lrccl -lamdhip64
