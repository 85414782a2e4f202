// check: nvcc hipcc
#include <cuda_runtime.h>
__device__ void backoff(unsigned attempt) {
#if __CUDA_ARCH__ >= 700
  __nanosleep(32u << (attempt < 8 ? attempt : 8));
#endif
}
__device__ unsigned lane_id() {
  unsigned lane = threadIdx.x % warpSize;
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 300)
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
#endif
  return lane;
}
