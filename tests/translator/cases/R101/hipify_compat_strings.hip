// check: nvcc hipcc
#include <cstdio>
#include <hip/hip_runtime.h>

int main() {
  float *p = nullptr;
  hipError_t status = hipMalloc(&p, 64);
  if (status != hipSuccess) printf("hipMalloc failed: %s\n", hipGetErrorString(status));
  printf("hipFree, cudaStreamX and mycudaMalloc stay words\n");
  return hipFree(p) == hipSuccess ? 0 : 1;
}
