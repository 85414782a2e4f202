// check: nvcc hipcc
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  float *p = nullptr;
  cudaError_t status = cudaMalloc(&p, 64 * sizeof(float));
  if (status != cudaSuccess) printf("cudaMalloc failed: %s\n", cudaGetErrorString(status));
  // hipify-clang reads a string from each "cu" to the next blank: "cudaFree," is no
  // name, "mycudaMalloc" holds one, and a string that ends on a name is renamed.
  printf("cudaFree, cudaStreamX and mycudaMalloc here\n");
  puts("cudaDeviceSynchronize");
  puts(u8"cudaFree in a prefixed string");
  return cudaFree(p) == cudaSuccess ? 0 : 1;
}
