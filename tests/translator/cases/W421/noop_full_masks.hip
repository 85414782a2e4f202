#include <hip/hip_runtime.h>

__global__ void whole(float *buf) {
  buf[threadIdx.x] = 1.0f;
  __builtin_amdgcn_wave_barrier();
  unsigned long long active = __activemask();
  __builtin_amdgcn_wave_barrier();
  // __syncwarp(0x0000ffff);
}
