// check: nvcc hipcc
// The inline PTX sits in an inner gate that has its own portable #else: only the inner
// branch gives way; the outer gate, and the function it holds, stay for AMD GPUs.
#include <cuda_runtime.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
__device__ void accumulate(float *total, float value) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(total), "f"(value));
#else
  atomicAdd(total, value);
#endif
}
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
__device__ unsigned lane_sum(unsigned value) {
#if __CUDA_ARCH__ >= 900
  asm volatile("add.u32 %0, %0, 1;" : "+r"(value));
#endif
  return value;
}
#endif

__global__ void sum(float *total, const float *values) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
  accumulate(total, values[threadIdx.x]);
#endif
}
