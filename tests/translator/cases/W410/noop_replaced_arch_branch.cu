#include <cuda_runtime.h>

// R003 gives this branch way to the #else one (AMD GPUs lack __reduce_add_sync), so
// its 32-bit mask is never compiled for AMD; the #else branch is.
__device__ unsigned int warp_total(unsigned int v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_add_sync(0xffffffffu, v);
#else
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    v += __shfl_down_sync(__activemask(), v, offset);
  return v;
#endif
}
