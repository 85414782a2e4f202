// check: nvcc
// A CUoccupancyB2DSize callback has no HIP counterpart: reported, the call left to a person.
#include <cuda.h>

static size_t shared_for(int block_size) { return block_size * sizeof(float); }

int suggest_with_callback(CUfunction kernel, int *grid) {
  int block = 0;
  cuOccupancyMaxPotentialBlockSize(grid, &block, kernel, shared_for, 0, 0);
  return block;
}
