// Tiled transpose: 32 is a tile size here, not a warp size.
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void copy32(float *out, const float *in) {
  int row = threadIdx.x / 32;
  int col = threadIdx.x % 32;
  out[row * 32 + col] = in[row * 32 + col];
}

void run(float *d_out, const float *d_in, int width, int height) {
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 threads(TILE_DIM, BLOCK_ROWS);
  transposeCoalesced<<<grid, threads>>>(d_out, d_in, width, height);
  dim3 small(TILE_DIM, 3);
  transposeCoalesced<<<grid, small>>>(d_out, d_in, width, height);  // hazard: block-size
  copy32<<<1, 1024>>>(d_out, d_in);
}
