// check: nvcc
#include <cstdint>
#include <cuda_runtime.h>

__global__ void vote(const int *in, int *out, unsigned int lanes) {
  unsigned active = __activemask();
  unsigned neg = __ballot_sync(active, in[threadIdx.x] < 0);
  const uint32_t full = 0xFFFFFFFFu;
  unsigned int half = (1u << 16) - 1;
  int s = __shfl_sync(full, in[threadIdx.x], 0) + __shfl_sync(half, 1, 0);
  __syncwarp(active);
  out[threadIdx.x] = s + (int)neg + __any_sync(lanes, s > 0);
}
