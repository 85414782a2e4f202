// check: nvcc hipcc
#include <hip/hip_runtime.h>
#ifndef __HIPCC__
#define __HIPCC__
#endif
#if defined(__HIPCC__)
#define HD __host__ __device__
#else
#define HD
#endif
HD inline float twice(float x) { return 2.0f * x; }
