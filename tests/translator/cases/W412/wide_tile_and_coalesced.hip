// A coalesced group can hold the whole 64-lane wavefront, and an explicitly sized tile of
// 64 lanes too: their ballots need 64 bits.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void count_active(const int *flags, int *out) {
  cg::coalesced_group active = cg::coalesced_threads();
  unsigned int voters = active.ballot(flags[threadIdx.x] != 0);
  auto wide = cg::tiled_partition<64>(cg::this_thread_block());
  unsigned int wide_votes = wide.ballot(flags[threadIdx.x] > 1);
  out[blockIdx.x] = __popc(voters) + __popc(wide_votes);
}
