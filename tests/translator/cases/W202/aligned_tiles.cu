#include <cuda_runtime.h>
#define ROWS 96

// Alignment attributes move a tile, they do not resize it: the tiles are sized from
// their tokens like plain ones, without a parse, and the finding points at the tile
// that alone is too large.
__global__ void aligned(float *out) {
  extern __shared__ __align__(1024) unsigned char staging[];
  __shared__ __align__(16) float weights[ROWS];
  __shared__ alignas(8) double partial[ROWS][ROWS];
  __shared__ int __attribute__((aligned(128))) counters[ROWS];
  weights[threadIdx.x] = (float)staging[threadIdx.x] + counters[threadIdx.x];
  out[threadIdx.x] = weights[threadIdx.x] + (float)partial[0][threadIdx.x];
}
