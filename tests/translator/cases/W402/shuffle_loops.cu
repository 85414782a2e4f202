#include <cuda_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__device__ float warp_max(float v) {
  for (int mask = 1; mask < 32; mask *= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, mask));
  return v;
}

__device__ float unrolled(float v) {
  v += __shfl_xor_sync(0xffffffff, v, 16);
  v += __shfl_xor_sync(0xffffffff, v, 8);
  v += __shfl_xor_sync(0xffffffff, v, 4);
  return v;
}

__device__ float explicit_width(float v) {
  for (int i = 16; i >= 1; i /= 2) v += __shfl_xor_sync(0xffffffff, v, i, 32);
  return v;
}
