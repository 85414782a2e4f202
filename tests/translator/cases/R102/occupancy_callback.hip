// check: nvcc
// A CUoccupancyB2DSize callback has no HIP counterpart: reported, the call left to a person.
#include <hip/hip_runtime.h>

static size_t shared_for(int block_size) { return block_size * sizeof(float); }

int suggest_with_callback(hipFunction_t kernel, int *grid) {
  int block = 0;
  hipModuleOccupancyMaxPotentialBlockSize(grid, &block, kernel, shared_for, 0, 0);
  return block;
}
