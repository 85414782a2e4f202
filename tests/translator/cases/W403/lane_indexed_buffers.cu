#include <cuda_runtime.h>

__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  float v = in[threadIdx.x];
  if (lane == 0) partial[wid] = v;
  __syncthreads();
  out[blockIdx.x] = partial[lane];
}
