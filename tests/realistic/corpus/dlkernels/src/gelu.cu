// GELU (tanh approximation) for float and half tensors, vectorized with
// 128-bit loads.
#include <cuda_fp16.h>

#include "dlk/common.cuh"
#include "dlk/ops.h"

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

namespace dlk {

__global__ void gelu_forward_kernel(float *out, const float *inp, int N) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * f128::size;
  if (i < N) {
    f128 packed_out;
    f128 packed_inp = load128cs(inp + i);  // load and do not keep in cache
    for (int k = 0; k < packed_inp.size; ++k) {
      float xi = packed_inp[k];
      float cube = 0.044715f * xi * xi * xi;
      packed_out[k] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));
    }
    store128(out + i, packed_out);
  }
}

// Two halves per thread with the paired intrinsics.
__global__ void gelu_forward_half2_kernel(half2 *out, const half2 *inp, int N2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N2) return;
  half2 x = inp[i];
  float2 xf = __half22float2(x);
  const half2 half_one = __float2half2_rn(0.5f);
  float2 t;
  t.x = tanhf(GELU_SCALING_FACTOR * (xf.x + 0.044715f * xf.x * xf.x * xf.x));
  t.y = tanhf(GELU_SCALING_FACTOR * (xf.y + 0.044715f * xf.y * xf.y * xf.y));
  half2 one_plus = __hadd2(__float2half2_rn(1.0f), __floats2half2_rn(t.x, t.y));
  out[i] = __hmul2(__hmul2(half_one, x), one_plus);
}

void gelu_forward(float *out, const float *inp, int N, cudaStream_t stream) {
  const int block_size = 512;
  const int grid_size = ceil_div(N, (int)(block_size * f128::size));
  gelu_forward_kernel<<<grid_size, block_size, 0, stream>>>(out, inp, N);
  CUDA_KERNEL_CHECK();
}

void gelu_forward_half(void *out, const void *inp, int N, cudaStream_t stream) {
  const int block_size = 256;
  const int n2 = N / 2;
  gelu_forward_half2_kernel<<<ceil_div(n2, block_size), block_size, 0, stream>>>(
      static_cast<half2 *>(out), static_cast<const half2 *>(inp), n2);
  CUDA_KERNEL_CHECK();
}

}  // namespace dlk
