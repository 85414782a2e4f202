// check: nvcc
// A 0 in place of one test of a disjunction would not leave the branch out: the
// comparison keeps its plain meaning and the name is reported. Nor does a test of
// defined(__CUDA_ARCH__) alone: it stays the device pass, and W430 reports the PTX.
#include <hip/hip_runtime.h>
__device__ unsigned either(unsigned v) {
#if !defined(__HIP_DEVICE_COMPILE__) || defined(__HIP_DEVICE_COMPILE__)
  __nanosleep(v);
#endif
  return v;
}
__device__ unsigned lane() {
  unsigned lane = 0;
#if defined(__HIP_DEVICE_COMPILE__)
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
#endif
  return lane;
}
