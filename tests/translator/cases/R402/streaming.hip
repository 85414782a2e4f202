// check: nvcc hipcc
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

__global__ void stream(const float4 *in, float *out, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = *(in + i);
  float w = *(&x[i]) + *x + __builtin_nontemporal_load(x + 1) + *(x + 2);
  float y = (*(reinterpret_cast<const float4 *>(in) + i)).y;
  __builtin_nontemporal_store(v.x + w + y, out + i);
  *out = __builtin_nontemporal_load(x);
  *(&out[1]) = 1.0f;
  *(out + 2) = v.z > 0.0f ? v.z : 0.0f;
}

__global__ void halves(const __half *h, const half2 *h2, __half *out) {
  out[0] = __ldcs((const __half *)h);
  half2 pair = *h2;
  out[1] = __low2half(pair);
}
