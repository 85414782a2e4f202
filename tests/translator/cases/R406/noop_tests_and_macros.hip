// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <cstdio>
#define ARCH_OF_BUILD __CUDA_ARCH__

__global__ void report(int *out) {
#if defined(__HIP_DEVICE_COMPILE__) && defined(__HIP_DEVICE_COMPILE__)
  out[0] = 1;  // __CUDA_ARCH__ in a comment
#endif
  printf("__CUDA_ARCH__\n");
}
