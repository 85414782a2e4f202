// check: nvcc
#include <cuda_runtime.h>

#ifdef USE_FAST_PATH
static cudaError_t wait() { return cudaDeviceSynchronize(); }
#else
static cudaError_t wait() { return cudaStreamSynchronize(0); }
#endif

#if CUDART_VERSION >= 11000 && !defined(LEGACY)
static cudaError_t reset() { return cudaDeviceReset(); }
#elif defined(__CUDA_ARCH__)
static cudaError_t reset() { return cudaThreadExit(); }
#else
static cudaError_t reset() { return cudaSuccess; }
#endif

#define LEVEL 2
#if LEVEL > 1
#  if 0
static void never() { cudaFree(nullptr); }
#  endif
static void sometimes() { cudaFree(nullptr); }
#endif

int main() { return wait() == cudaSuccess && reset() == cudaSuccess ? 0 : 1; }
