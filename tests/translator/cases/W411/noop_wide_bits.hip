#include <hip/hip_runtime.h>

__device__ int rank_in_warp(unsigned long long ballot, int k) {
  int lane = threadIdx.x % warpSize;
  unsigned long long below = ballot & ((1ull << lane) - 1);
  unsigned flag = 1u << k;  // not a lane
  return __popcll(below) + flag;
}
