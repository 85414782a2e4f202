// check:
// Shared by host-only C++ and CUDA sources.
#pragma once

#ifdef __HIPCC__
#include <hip/hip_runtime.h>
#define HD __host__ __device__
#define HD_INLINE __forceinline__
#else
#define HD
#define HD_INLINE inline
#endif

#if defined(__HIPCC__) && !defined(NO_CUDA_HELPERS)
HD_INLINE __device__ int lane_id() { return threadIdx.x % warpSize; }
#endif

HD inline int twice(int x) { return 2 * x; }
