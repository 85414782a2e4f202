// check: nvcc hipcc
#include <hip/hip_runtime.h>
__device__ void backoff(unsigned attempt) {
#if 0
  __nanosleep(32u << (attempt < 8 ? attempt : 8));
#endif
}
__device__ unsigned lane_id() {
  unsigned lane = threadIdx.x % warpSize;
#if defined(__HIP_DEVICE_COMPILE__) && (0)
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
#endif
  return lane;
}
