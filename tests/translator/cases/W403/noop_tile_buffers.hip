#include <hip/hip_runtime.h>

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][33];
  __shared__ float row[32];
  row[threadIdx.x] = in[threadIdx.x];
  tile[threadIdx.y][threadIdx.x] = row[threadIdx.y];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
