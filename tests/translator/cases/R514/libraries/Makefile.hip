ROCM_PATH ?= /opt/rocm
LDLIBS = -L$(ROCM_PATH)/lib -lamdhip64 -lhipblas -lhipblaslt -lhiprand -lhipsparse -lrccl -lamdhip64
