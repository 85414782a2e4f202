CUDA_HOME ?= /usr/local/cuda
NVCC ?= hipcc
NVCC_FLAGS := -O2
app: main.cu
	$(NVCC) $(NVCC_FLAGS) $< -o $@
	hipcc --version
