#include <hip/hip_runtime.h>

__device__ int rank_in_warp(unsigned long long ballot) {
  int lane = threadIdx.x % warpSize;
  unsigned long long below = ballot & ((1u << lane) - 1);
  return __popcll(below) + ((ballot >> lane) & 1) + (1 << (threadIdx.x & 63));
}
