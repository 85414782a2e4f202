#include <cuda_runtime.h>

typedef unsigned int lane_mask_t;

__global__ void vote(const int *in, int *out) {
  lane_mask_t votes = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  out[threadIdx.x] = votes != 0;
}
