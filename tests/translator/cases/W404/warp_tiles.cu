#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  out[threadIdx.x] = warp.meta_group_rank();
}
