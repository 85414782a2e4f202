set(CUDA_NVCC_FLAGS ${CUDA_NVCC_FLAGS} -std=c++17 --offload-arch=gfx942)
list(APPEND FLAGS --offload-arch=gfx942)
