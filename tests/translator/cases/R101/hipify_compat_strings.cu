// check: nvcc hipcc
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  float *p = nullptr;
  cudaError_t status = cudaMalloc(&p, 64);
  if (status != cudaSuccess) printf("cudaMalloc failed: %s\n", cudaGetErrorString(status));
  printf("cudaFree, cudaStreamX and mycudaMalloc stay words\n");
  return cudaFree(p) == cudaSuccess ? 0 : 1;
}
