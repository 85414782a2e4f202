#include <hip/hip_runtime.h>

__global__ void vote(const int *in, unsigned long long *out) {
  unsigned long long mask = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  auto active = __activemask();
  // unsigned bad = __ballot_sync(...);
  out[threadIdx.x] = mask + active;
}
