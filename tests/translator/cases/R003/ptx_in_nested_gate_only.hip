// check: nvcc hipcc
// The inline PTX sits in an inner gate that has its own portable #else: only the inner
// branch gives way; the outer gate, and the function it holds, stay for AMD GPUs.
#include <hip/hip_runtime.h>

#if defined(__HIP_DEVICE_COMPILE__) && defined(__HIP_DEVICE_COMPILE__)
__device__ void accumulate(float *total, float value) {
#if defined(__HIP_DEVICE_COMPILE__) && 0
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(total), "f"(value));
#else
  atomicAdd(total, value);
#endif
}
#endif

#if defined(__HIP_DEVICE_COMPILE__) && defined(__HIP_DEVICE_COMPILE__)
__device__ unsigned lane_sum(unsigned value) {
#if 0
  asm volatile("add.u32 %0, %0, 1;" : "+r"(value));
#endif
  return value;
}
#endif

__global__ void sum(float *total, const float *values) {
#if defined(__HIP_DEVICE_COMPILE__) && defined(__HIP_DEVICE_COMPILE__)
  accumulate(total, values[threadIdx.x]);
#endif
}
