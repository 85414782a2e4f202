// check:  (valid CUDA for sm_80 and newer)
#include <hip/hip_runtime.h>

__device__ float sum(float v) {
  const unsigned long long mask = 0xffffffffffffffff;
  for (int offset = 1; offset < warpSize; offset *= 2) v += __shfl_xor_sync(mask, v, offset);
  return v + (float)__reduce_add_sync(0xffffffff, 1u);
}
