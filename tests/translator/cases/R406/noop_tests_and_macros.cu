// check: nvcc hipcc
#include <cstdio>
#define ARCH_OF_BUILD __CUDA_ARCH__

__global__ void report(int *out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  out[0] = 1;  // __CUDA_ARCH__ in a comment
#endif
  printf("__CUDA_ARCH__\n");
}
