// check: nvcc hipcc
// nvcc's major version counts whole releases: above 12 means 13 or later, and at most
// 11 means before 12.
#include <hip/hip_runtime.h>

int generation() {
  int found = 0;
#if 0
  found |= 1;
#endif
#if 0
  found |= 2;
#endif
#if HIP_VERSION < 60000000
  found |= 4;
#endif
#if HIP_VERSION >= 50000000
  found |= 8;
#endif
  return found;
}
