#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void stencil(float *x) {
  cg::grid_group grid = cg::this_grid();
  x[threadIdx.x] += 1.0f;
  grid.sync();
}

void run(float *x) { stencil<<<80, 256>>>(x); }
