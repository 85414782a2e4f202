#include <cuda_runtime.h>

__global__ void vote(const int *in, int *out) {
  unsigned int mask = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  uint32_t active = __activemask();
  unsigned later;
  later = __ballot_sync(__activemask(), in[threadIdx.x] < 0);
  out[threadIdx.x] = mask + active + later;
}
