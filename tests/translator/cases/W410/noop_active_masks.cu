#include <cuda_runtime.h>

__device__ float sum(float v, unsigned flags) {
  unsigned long long mask = __activemask();
  v += __shfl_down_sync(mask, v, 1);
  flags &= 0xffffffff;  // not a lane mask
  // __shfl_down_sync(0xffffffff, v, 1)
  return v + flags;
}
