#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> quarter = cg::tiled_partition<16>(block);
  // cg::tiled_partition<32>(block) would be half a wavefront
  out[threadIdx.x] = quarter.meta_group_rank();
}
