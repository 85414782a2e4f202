// check: nvcc hipcc
#include <hip/hip_runtime.h>
__device__ unsigned f(unsigned v) {
#if defined(__HIP_DEVICE_COMPILE__) && 0
  return __reduce_add_sync(0xffffffffu, v);
#elif 0
  asm volatile("nanosleep.u32 1;");
  return v;
#else
  return v + 1;
#endif
}
