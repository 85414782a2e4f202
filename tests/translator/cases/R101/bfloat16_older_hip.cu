// check: nvcc hipcc
#include <cuda_bf16.h>

// HIP before 5.7 has only the hip_bfloat16 class: conversions become its constructor
// and its conversion to float.
__global__ void widen(const __nv_bfloat16 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __bfloat162float(in[i]) * 2.0f;
}

__global__ void narrow(nv_bfloat16 *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2bfloat16_rn(in[i]);
}
