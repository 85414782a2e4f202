// Cooperative groups: grid sync, tiles and collectives.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>  // hazard: cooperative-groups
namespace cg = cooperative_groups;

__global__ void iterate(float *data, int n, int steps) {
  cg::grid_group grid = cg::this_grid();
  for (int s = 0; s < steps; s++) {
    for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] *= 0.5f;
    grid.sync();
  }
}

__global__ void tileSum(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);  // hazard: warp-size
  int v = in[block.thread_rank()];
  int total = cg::reduce(warp, v, cg::plus<int>());  // hazard: cooperative-groups
  if (warp.thread_rank() == 0) out[warp.meta_group_rank()] = total;
}

__global__ void childKernel(int *out) { out[threadIdx.x] = 1; }

__global__ void parentKernel(int *out) {
  if (threadIdx.x == 0) childKernel<<<1, 64>>>(out);  // hazard: dynamic-parallelism
}

void run(float *data, int *out, int n) {
  iterate<<<108, 256>>>(data, n, 10);  // hazard: cooperative-groups
  void *args[] = {&data, &n};
  cudaLaunchCooperativeKernel((void *)iterate, dim3(108), dim3(256), args);
  tileSum<<<4, 128>>>(out, out);
  parentKernel<<<1, 64>>>(out);
}
