// check: nvcc
#include <hip/hip_runtime.h>

#ifdef USE_FAST_PATH
static hipError_t wait() { return hipDeviceSynchronize(); }
#else
static hipError_t wait() { return hipStreamSynchronize(0); }
#endif

#if HIP_VERSION >= 50000000 && !defined(LEGACY)
static hipError_t reset() { return hipDeviceReset(); }
#elif defined(__HIP_DEVICE_COMPILE__)
static hipError_t reset() { return hipDeviceReset(); }
#else
static hipError_t reset() { return hipSuccess; }
#endif

#define LEVEL 2
#if LEVEL > 1
#  if 0
static void never() { hipFree(nullptr); }
#  endif
static void sometimes() { hipFree(nullptr); }
#endif

int main() { return wait() == hipSuccess && reset() == hipSuccess ? 0 : 1; }
