// Token + position embedding lookup, vectorized over channels.
#include <cassert>

#include "dlk/common.cuh"
#include "dlk/ops.h"

namespace dlk {

__global__ void encoder_forward_kernel(f128 *out, const int *inp, const f128 *wte, const f128 *wpe,
                                       int B, int T, int C4) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int N = B * T * C4;
  if (idx < N) {
    int bt = idx / C4;
    int b = bt / T;
    int t = bt % T;
    int c4 = idx % C4;
    int ix = __ldg(&inp[b * T + t]);
    f128 tok = wte[ix * C4 + c4];
    f128 pos = wpe[t * C4 + c4];
    f128 result;
#pragma unroll
    for (int k = 0; k < f128::size; k++) {
      result[k] = tok[k] + pos[k];
    }
    out[idx] = result;
  }
}

void encoder_forward(float *out, const int *inp, const float *wte, const float *wpe, int B, int T,
                     int C, cudaStream_t stream) {
  assert(C % f128::size == 0);
  const int block_size = 256;
  const int C4 = C / f128::size;
  const int N = B * T * C4;
  const int grid_size = ceil_div(N, block_size);
  encoder_forward_kernel<<<grid_size, block_size, 0, stream>>>(
      reinterpret_cast<f128 *>(out), inp, reinterpret_cast<const f128 *>(wte),
      reinterpret_cast<const f128 *>(wpe), B, T, C4);
  CUDA_KERNEL_CHECK();
}

}  // namespace dlk
