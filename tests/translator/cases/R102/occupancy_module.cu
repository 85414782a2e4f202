// check: nvcc hipcc
// Driver-API occupancy queries: the null CUoccupancyB2DSize callback has no HIP argument.
#include <cuda.h>

int suggest_block(CUfunction kernel, int *grid) {
  int block = 0;
  cuOccupancyMaxPotentialBlockSize(grid, &block, kernel, 0, 0, 0);
  cuOccupancyMaxPotentialBlockSizeWithFlags(grid, &block, kernel, NULL, 256 * sizeof(float), 1024,
                                            CU_OCCUPANCY_DEFAULT);
  return block;
}
