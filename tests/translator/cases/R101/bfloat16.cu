// check: nvcc
#include <cuda_bf16.h>

// bfloat16 keeps its CUDA intrinsics on HIP 5.7 and later (hip/hip_bf16.h).
__global__ void scale(__nv_bfloat16 *x, __nv_bfloat162 *pairs, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    nv_bfloat16 value = __float2bfloat16_rn(__bfloat162float(x[i]) * factor);
    x[i] = __hmul(value, __float2bfloat16(1.0f));
    pairs[i] = __halves2bfloat162(__low2bfloat16(pairs[i]), value);
  }
}
