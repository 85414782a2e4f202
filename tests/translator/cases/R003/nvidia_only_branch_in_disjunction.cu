// check: nvcc
// A 0 in place of one test of a disjunction would not leave the branch out: the
// comparison keeps its plain meaning and the name is reported.
#include <cuda_runtime.h>
__device__ unsigned either(unsigned v) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  __nanosleep(v);
#endif
  return v;
}
