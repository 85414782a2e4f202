// check: nvcc hipcc
#include <cstdio>
#include <cuda_runtime.h>

__global__ void noop() {}

int main() { noop<<<1, 1>>>(); return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1; }
