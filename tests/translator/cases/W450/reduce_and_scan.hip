#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(const int *in, int *out) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  int v = in[threadIdx.x];
  int sum = cg::reduce(tile, v, cg::plus<int>());
  int prefix = cg::inclusive_scan(tile, v, cg::plus<int>());
  out[threadIdx.x] = sum + prefix;
}
