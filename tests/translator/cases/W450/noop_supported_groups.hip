#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

int reduce(int a, int b) { return a + b; }

__global__ void k(const int *in, int *out) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  int v = in[threadIdx.x];
  for (int o = 8; o > 0; o /= 2) v += tile.shfl_down(v, o);
  tile.sync();
  out[threadIdx.x] = v;  // cg::reduce(tile, v, ...) needs CUDA 11
}
