#include <cuda_runtime.h>

__device__ float block_vote(float v, const float *x) {
  int lane = threadIdx.x % 32;
  unsigned mask = __ballot_sync(0xffffffff, v > 0.0f);
  int leaders = __popc(mask);
  bool mine = mask & (1u << lane);
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  v += __shfl_xor_sync(0xffffffff, v, 1);  // rocport: ignore[W410]
  return mine ? v + leaders : x[lane];
}
