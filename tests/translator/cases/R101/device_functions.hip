// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__device__ float accumulate(float *total, float value) {
  return atomicAdd(total, value);
}

__global__ void convert(const float *in, __half *out, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half h = __float2half(in[i]);
  __half2 pair = __halves2half2(h, h);
  out[i] = __hadd(h, __low2half(pair));
  float back = __half2float(out[i]);
  accumulate(sum, __fmul_rn(back, rsqrtf(fabsf(back) + 1.0f)));
  __syncthreads();
  __threadfence();
  int lanes = __popc(static_cast<unsigned>(i)) + __ffs(i);
  unsigned long long t = clock64();
  if (lanes == 0 && t == 0) out[i] = __float2half_rn(__int2float_rn(__clz(i)));
}
