ROCM_PATH ?= /opt/rocm
CUDA_PATH ?= /opt/cuda
# -I$(CUDA_PATH)/include is in a comment
NVCC := hipcc
SAMPLES := -I$(CUDA_PATH)/samples/common/inc
