#include <cuda_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  return v;
}

__device__ float half_warp(float v) {
  for (int offset = 8; offset > 0; offset /= 2)
    v += __shfl_down(v, offset, 16);  // 16-lane groups by design
  return v;
}

__device__ int count(const int *x) {
  int s = 0;
  for (int i = 16; i > 0; i /= 2) s += x[i];  // no shuffle
  return s;
}
