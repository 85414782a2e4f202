// check: nvcc hipcc
#include <hip/hip_runtime.h>

int features() {
  int found = 0;
#if HIP_VERSION >= 50000000
  found |= 1;
#endif
#if defined(HIP_VERSION) && HIP_VERSION < 10000000
  found |= 2;
#elif 0
  found |= 4;
#endif
#ifdef HIP_VERSION
  found |= 8;
#endif
#if HIP_VERSION >= 60000000
  found |= 16;
#endif
#if HIP_VERSION >= 50000000
  found |= 32;
#endif
  return found;
}
