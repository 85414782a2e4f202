// check: nvcc hipcc
#include <cuda_fp16.h>

__global__ void widen(const __half2 *in, float2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 h = in[i];
  out[i] = make_float2((float)h.x, __half2float(h.y));
}

__device__ float sum_pair(const half2 &pair, const half2 *next) {
  return static_cast<float>(pair.x) + (float)next->y + __half2float(next[1].x);
}
