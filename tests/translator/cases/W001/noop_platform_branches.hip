#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_AMD__) || defined(USE_ROCM)
#define WARP_SIZE 64
#else
#define WARP_SIZE 32
#endif

#ifndef GGML_USE_HIPBLAS
__device__ unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
#endif

__global__ void k(int *out) { out[threadIdx.x] = threadIdx.x % WARP_SIZE; }

#if 0
#define OLD_WARP_SIZE 32
__device__ int old_lane() { return threadIdx.x & 31; }
#else
__device__ int new_lane() { return threadIdx.x % warpSize; }
#endif
