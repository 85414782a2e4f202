// check: nvcc
// A 0 in place of one test of a disjunction would not leave the branch out: the
// comparison keeps its plain meaning and the name is reported.
#include <hip/hip_runtime.h>
__device__ unsigned either(unsigned v) {
#if !defined(__HIP_DEVICE_COMPILE__) || defined(__HIP_DEVICE_COMPILE__)
  __nanosleep(v);
#endif
  return v;
}
