// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void widen(const __half2 *in, float2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 h = in[i];
  out[i] = make_float2((float)__low2half(h), __half2float(__high2half(h)));
}

__device__ float sum_pair(const half2 &pair, const half2 *next) {
  return static_cast<float>(__low2half(pair)) + (float)__high2half(*next) + __half2float(__low2half(next[1]));
}
