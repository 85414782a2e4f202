#include <hip/hip_runtime.h>
#define TILE 64

__global__ void fits(float *out) {
  __shared__ float a[TILE][TILE];
  extern __shared__ float dynamic[];
  a[threadIdx.y][threadIdx.x] = dynamic[threadIdx.x];
  out[threadIdx.x] = a[0][threadIdx.x];
}
