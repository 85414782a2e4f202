// check: nvcc hipcc
// nvcc's major version counts whole releases: above 12 means 13 or later, and at most
// 11 means before 12.
#include <cuda_runtime.h>

int generation() {
  int found = 0;
#if __CUDACC_VER_MAJOR__ > 12
  found |= 1;
#endif
#if __CUDACC_VER_MAJOR__ >= 13
  found |= 2;
#endif
#if __CUDACC_VER_MAJOR__ <= 11
  found |= 4;
#endif
#if __CUDACC_VER_MAJOR__ > 10
  found |= 8;
#endif
  return found;
}
