// check: nvcc hipcc
// Driver-API occupancy queries: the null CUoccupancyB2DSize callback has no HIP argument.
#include <hip/hip_runtime.h>

int suggest_block(hipFunction_t kernel, int *grid) {
  int block = 0;
  hipModuleOccupancyMaxPotentialBlockSize(grid, &block, kernel, 0, 0);
  hipModuleOccupancyMaxPotentialBlockSizeWithFlags(grid, &block, kernel, 256 * sizeof(float), 1024,
                                            hipOccupancyDefault);
  return block;
}
