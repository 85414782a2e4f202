#include <cuda_runtime.h>

__global__ void count(const int *in, int *out) {
  unsigned long long votes = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  out[0] = __popc(votes);
  out[1] = __ffs(__ballot_sync(__activemask(), in[threadIdx.x] < 0)) - 1;
}
