#include <hip/hip_runtime.h>

__global__ void whole(float *buf) {
  buf[threadIdx.x] = 1.0f;
  __syncwarp();
  unsigned long long active = __activemask();
  __syncwarp(active);
  // __syncwarp(0x0000ffff);
}
