#include <cuda_runtime.h>
// #define WARP_SIZE 32 (commented out)
#define WARPS_PER_BLOCK 32
#define NUM_WARPS 32
#define TILE_DIM 32
static const char *doc = "WARP_SIZE = 32";

__global__ void portable(int *out) {
  int lane = threadIdx.x % warpSize;
  out[threadIdx.x] = lane + WARPS_PER_BLOCK + NUM_WARPS + TILE_DIM;
}
