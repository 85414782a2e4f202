// check: nvcc hipcc
// A macro hides a parenthesis of the launch configuration: tokens cannot balance it,
// clang's parse says where the configuration ends.
#include <hip/hip_runtime.h>

#define OPEN (

__global__ void touch(int *p) { p[threadIdx.x] = 1; }

void run(int *p) {
  hipLaunchKernelGGL(touch, dim3(OPEN 1)), dim3(32), 0, 0, p);
}
