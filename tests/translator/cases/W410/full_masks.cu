#include <cuda_runtime.h>
#define FULL_MASK 0xffffffff

__device__ float sum(float v) {
  v += __shfl_down_sync(0xffffffff, v, 1);
  v += __shfl_xor_sync(FULL_MASK, v, 2);
  return __all_sync(0xFFFFFFFFu, v > 0) ? v : 0.0f;
}
