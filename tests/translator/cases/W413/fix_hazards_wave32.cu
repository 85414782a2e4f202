// With RDNA targets only, R408 leaves the calls alone; --fix-hazards applies W413's fix.
#include <cuda_runtime.h>

__global__ void leaders(const int *in, int *out) {
  unsigned long long active = __activemask();
  out[blockIdx.x] = __ffs(active) - 1 + __popc(__ballot_sync(active, in[threadIdx.x] > 0));
}
