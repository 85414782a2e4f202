#include <cuda_runtime.h>
#define TILE 128

__global__ void big(float *out) {
  __shared__ float a[TILE][TILE];
  __shared__ float b[TILE][TILE + 1];
  a[threadIdx.y][threadIdx.x] = b[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = a[0][threadIdx.x];
}
