#include <cuda_runtime.h>

__global__ void vote(const int *in, int *out) {
  unsigned int mask = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  uint32_t active = __activemask();
  unsigned later;
  later = __ballot_sync(__activemask(), in[threadIdx.x] < 0);
  out[threadIdx.x] = mask + active + later;
}

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_vote(const int *in, int *out) {
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
  unsigned votes = tile.ballot(in[threadIdx.x] > 0);
  out[threadIdx.x] = __popc(votes);
}
