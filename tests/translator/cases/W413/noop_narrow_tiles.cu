// Ballots of cooperative-groups tiles of at most 32 lanes hold one bit per lane of the
// tile, so 32 bits are enough on a 64-lane wavefront too.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kProbeWidth = 8;

template <int GroupSize>
__device__ int first_free(cg::thread_block_tile<GroupSize> const &group, const int *slots) {
  unsigned int free_lanes = group.ballot(slots[group.thread_rank()] == 0);
  return free_lanes ? __ffs(free_lanes) - 1 : -1;
}

__global__ void probe(const int *slots, int *out) {
  auto block = cg::this_thread_block();
  auto quarter = cg::tiled_partition<16>(block);
  unsigned int votes = quarter.ballot(slots[threadIdx.x] > 0);
  cg::thread_block_tile<kProbeWidth> probe_group = cg::tiled_partition<kProbeWidth>(block);
  uint32_t hits = probe_group.ballot(slots[threadIdx.x] < 0);
  out[blockIdx.x] = __popc(votes) + __popc(hits) + __popc(quarter.ballot(true)) +
                    first_free(probe_group, slots);
}
