#include <hip/hip_runtime.h>

__global__ void count(const int *in, int *out) {
  unsigned long long votes = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  out[0] = __popcll(votes);
  out[1] = __ffsll(__ballot_sync(__activemask(), in[threadIdx.x] < 0)) - 1;
}
