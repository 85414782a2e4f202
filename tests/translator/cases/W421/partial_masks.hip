#include <hip/hip_runtime.h>

__global__ void halves(float *buf) {
  int lane = threadIdx.x % warpSize;
  if (lane < 16) {
    buf[lane] = 1.0f;
    __builtin_amdgcn_wave_barrier();
  } else {
    __builtin_amdgcn_wave_barrier();
  }
}
