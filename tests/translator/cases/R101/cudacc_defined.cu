// check: nvcc hipcc
#include <cuda_runtime.h>
#ifndef __CUDACC__
#define __CUDACC__
#endif
#if defined(__CUDACC__)
#define HD __host__ __device__
#else
#define HD
#endif
HD inline float twice(float x) { return 2.0f * x; }
