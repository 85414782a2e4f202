// Lane and warp indices computed by the project's macros: each is checked where it is
// defined. A macro that picks a bit of a 32-bit word, and one that tiles rows, stay.
#include <cuda_runtime.h>

#define LANE_OF(t) ((t) & 31)
#define WARP_OF(t) ((t) / 32)
#define MY_WARP (threadIdx.x / 32)
#define WARPS_PER_BLOCK(block) ((block) / 32)
#define WORD_BIT(i) (1u << ((i) % 32))
#define TILE_ROWS (256 / 32)

__global__ void sum_per_warp(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (LANE_OF(threadIdx.x) == 0) out[WARP_OF(threadIdx.x) + MY_WARP * 0] = v;
  (void)WARPS_PER_BLOCK(blockDim.x);
  (void)WORD_BIT(threadIdx.x);
  (void)TILE_ROWS;
}
