// check: nvcc hipcc
#include <cstdio>

__global__ void report_arch(int *arch) {
#ifdef __CUDA_ARCH__
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    *arch = __CUDA_ARCH__;
    printf("compiled for sm_%d\n", __CUDA_ARCH__ / 10);
  }
#endif
}
