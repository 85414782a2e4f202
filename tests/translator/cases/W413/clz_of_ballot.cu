// check: nvcc rocm-6.4
// __clzll of a 64-bit mask counts from bit 63: the call compiles, but the lane computed
// from it by CUDA's arithmetic is off by 32, so the finding stays a warning.
#include <cuda_runtime.h>

__global__ void last_voter(const float *x, int *out) {
  unsigned long long mask = __ballot_sync(0xffffffff, x[threadIdx.x] > 0.0f);
  out[blockIdx.x] = 31 - __clz(mask);
}
