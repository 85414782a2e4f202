// check: nvcc hipcc
#include <cstdio>
#include <hip/hip_runtime.h>

int main() {
  float *p = nullptr;
  hipError_t status = hipMalloc(&p, 64 * sizeof(float));
  if (status != hipSuccess) printf("hipMalloc failed: %s\n", hipGetErrorString(status));
  // hipify-clang reads a string from each "cu" to the next blank: "cudaFree," is no
  // name, "mycudaMalloc" holds one, and a string that ends on a name is renamed.
  printf("cudaFree, cudaStreamX and myhipMalloc here\n");
  puts("hipDeviceSynchronize");
  puts(u8"cudaFree in a prefixed string");
  return hipFree(p) == hipSuccess ? 0 : 1;
}
