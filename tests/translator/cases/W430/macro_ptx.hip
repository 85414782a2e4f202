// PTX wrapped in helper macros is reported where the macro is defined; an x86 timing
// macro for the host is not PTX and stays.
#include <hip/hip_runtime.h>

#define LOAD_STREAMING(value, address) \
  asm volatile("ld.global.cs.f32 %0, [%1];" : "=f"(value) : "l"(address))
#define READ_LANE(lane) asm("mov.u32 %0, %%laneid;" : "=r"(lane))
#define HOST_PAUSE() __asm__ __volatile__("pause")

__global__ void copy_streaming(const float *in, float *out) {
  float value;
  unsigned lane;
  LOAD_STREAMING(value, in + threadIdx.x);
  READ_LANE(lane);
  out[threadIdx.x] = value + lane;
}
