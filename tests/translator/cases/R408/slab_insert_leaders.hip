// check: nvcc rocm-6.4
// A slab-hash style insert loop: the warp votes for the lanes that still have work, the
// first of them leads, and the lanes count the votes. HIP's ballot is 64-bit, so the
// 32-bit __ffs of it would be an ambiguous call; __popc of it would miss lanes 32-63.
#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffffffffffff

__device__ int find_slot(const unsigned *slab, unsigned key) {
  int lane = threadIdx.x % warpSize;
  unsigned found_lanes = __ballot_sync(FULL_MASK, slab[lane] == key);
  return found_lanes ? __ffs(found_lanes) - 1 : -1;
}

__global__ void insert_keys(const unsigned *keys, unsigned *slab, int *stats, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  bool to_insert = tid < n;
  while (__any_sync(FULL_MASK, to_insert)) {
    int leader = __ffsll(__ballot_sync(FULL_MASK, to_insert)) - 1;
    unsigned key = __shfl_sync(FULL_MASK, tid < n ? keys[tid] : 0u, leader);
    if (find_slot(slab, key) < 0 && threadIdx.x % warpSize == 0) {
      slab[leader] = key;
    }
    if (tid % warpSize == leader) {
      to_insert = false;
    }
  }
  stats[blockIdx.x] = __popcll(__activemask());
}
