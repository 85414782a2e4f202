#pragma once
// The platform switch: the HIP build defines DUALGPU_USE_HIP and compiles the CUDA
// spelling of the sources through the aliases of hip_aliases.h.
#if defined(DUALGPU_USE_HIP)
#include <hip/hip_runtime.h>
#include "dualgpu/hip_aliases.h"
#else
#include <cuda_runtime.h>
#endif

#include <cstdio>

#define DUALGPU_CHECK(expression)                                                    \
  do {                                                                               \
    cudaError_t status_ = (expression);                                              \
    if (status_ != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(status_)); \
      return status_;                                                                \
    }                                                                                \
  } while (0)

// Lanes that take part in one shuffle reduction.
#ifdef DUALGPU_WAVE64
constexpr int kReductionLanes = 64;
#else
constexpr int kReductionLanes = 32;
#endif

#if defined(__NVCC__)
#define DUALGPU_NOALIAS __restrict__
#else
#define DUALGPU_NOALIAS
#endif
