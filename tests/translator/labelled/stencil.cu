// 2D stencil with halo tiles: lots of 32s that are tile sizes, and a syncwarp exchange.
#include <cuda_runtime.h>

#define BX 32
#define BY 8
#define RADIUS 4

__global__ void stencil2d(const float *in, float *out, int nx, int ny) {
  __shared__ float tile[BY + 2 * RADIUS][BX + 2 * RADIUS];
  int gx = blockIdx.x * BX + threadIdx.x;
  int gy = blockIdx.y * BY + threadIdx.y;
  int tx = threadIdx.x + RADIUS;
  int ty = threadIdx.y + RADIUS;
  if (gx < nx && gy < ny) tile[ty][tx] = in[gy * nx + gx];
  if (threadIdx.x < RADIUS && gx >= RADIUS) tile[ty][tx - RADIUS] = in[gy * nx + gx - RADIUS];
  __syncthreads();
  if (gx < nx && gy < ny) {
    float s = 0.0f;
    for (int r = -RADIUS; r <= RADIUS; r++) s += tile[ty][tx + r] + tile[ty + r][tx];
    out[gy * nx + gx] = s;
  }
}

__global__ void exchange(int *buf) {
  __shared__ int staging[64];
  int lane = threadIdx.x % warpSize;
  staging[threadIdx.x] = lane;
  if (lane < 16) {
    __syncwarp(0xffff);  // hazard: warp-synchronous
    buf[threadIdx.x] = staging[threadIdx.x + 16];
  }
}

void run(const float *in, float *out, int nx, int ny) {
  dim3 block(BX, BY);
  dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  stencil2d<<<grid, block>>>(in, out, nx, ny);
  int data[32];
  for (int i = 0; i < 32; i++) data[i] = i % 32;
  (void)data;
}
