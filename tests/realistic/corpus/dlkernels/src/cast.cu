// Conversions between float and bfloat16 tensors, used for mixed-precision
// checkpoints.
#include <cuda_bf16.h>

#include "dlk/common.cuh"
#include "dlk/ops.h"

namespace dlk {

typedef __nv_bfloat16 floatX;

__global__ void cast_to_bf16_kernel(floatX *out, const float *inp, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) {
    floatX v = __float2bfloat16(inp[i]);
    // Round-trip check used by the debug builds.
    if (isnan(__bfloat162float(v)) && !isnan(inp[i])) {
      printf("cast_to_bf16: bad value at %llu\n", (unsigned long long)i);
    }
    out[i] = v;
  }
}

// Paired conversion: two floats into one __nv_bfloat162.
__global__ void cast_pairs_kernel(__nv_bfloat162 *out, const float2 *inp, size_t n2) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n2) {
    out[i] = __float22bfloat162_rn(inp[i]);
  }
}

void cast_to_bf16(void *out, const float *inp, size_t n, cudaStream_t stream) {
  const int block_size = 256;
  if (n % 2 == 0) {
    size_t n2 = n / 2;
    cast_pairs_kernel<<<ceil_div(n2, (size_t)block_size), block_size, 0, stream>>>(
        static_cast<__nv_bfloat162 *>(out), reinterpret_cast<const float2 *>(inp), n2);
  } else {
    cast_to_bf16_kernel<<<ceil_div(n, (size_t)block_size), block_size, 0, stream>>>(
        static_cast<floatX *>(out), inp, n);
  }
  CUDA_KERNEL_CHECK();
}

}  // namespace dlk
