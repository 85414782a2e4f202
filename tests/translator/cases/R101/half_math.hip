// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

// cuda_fp16.h's types and intrinsics keep their names in hip/hip_fp16.h.
__global__ void axpy_half2(const __half2 *x, __half2 *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half2 scale = __float2half2_rn(a);
    y[i] = __hfma2(scale, x[i], y[i]);
  }
}

__global__ void to_float(const half *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __half2float(__hadd(in[i], __float2half(1.0f)));
}
