// check: nvcc hipcc
#include <cuda_runtime.h>
__device__ unsigned f(unsigned v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_add_sync(0xffffffffu, v);
#elif __CUDA_ARCH__ >= 700
  asm volatile("nanosleep.u32 1;");
  return v;
#else
  return v + 1;
#endif
}
