NVCC = hipcc
# CUDA_HOME=/usr/local/cuda in a comment
