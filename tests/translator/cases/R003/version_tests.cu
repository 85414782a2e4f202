// check: nvcc hipcc
#include <cuda_runtime.h>

int features() {
  int found = 0;
#if CUDART_VERSION >= 11000
  found |= 1;
#endif
#if defined(CUDA_VERSION) && CUDA_VERSION < 9000
  found |= 2;
#elif CUDA_VERSION > 12080
  found |= 4;
#endif
#ifdef CUDART_VERSION
  found |= 8;
#endif
#if 12000 <= CUDART_VERSION
  found |= 16;
#endif
#if __CUDACC_VER_MAJOR__ >= 11
  found |= 32;
#endif
  return found;
}
