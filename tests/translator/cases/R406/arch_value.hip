// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void report_arch(int *arch) {
#ifdef __HIP_DEVICE_COMPILE__
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    *arch = 800;
    printf("compiled for sm_%d\n", 800 / 10);
  }
#endif
}
