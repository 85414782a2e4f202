// check: nvcc hipcc
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void stream(const float4 *in, float *out, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = __ldcs(in + i);
  float w = __ldcg(&x[i]) + __ldca(x) + __ldlu(x + 1) + __ldcv(x + 2);
  float y = __ldcs(reinterpret_cast<const float4 *>(in) + i).y;
  __stcs(out + i, v.x + w + y);
  __stcg(out, __ldcs(x));
  __stwt(&out[1], 1.0f);
  __stwb(out + 2, v.z > 0.0f ? v.z : 0.0f);
}

__global__ void halves(const __half *h, const half2 *h2, __half *out) {
  out[0] = __ldcs((const __half *)h);
  half2 pair = __ldcg(h2);
  out[1] = pair.x;
}
