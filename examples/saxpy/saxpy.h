// saxpy.h - a tiny CUDA example for rocport: y = a*x + y on the GPU.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Abort with the file and line when a CUDA runtime call fails.
#define CHECK(call)                                                           \
  do {                                                                        \
    cudaError_t status_ = (call);                                             \
    if (status_ != cudaSuccess) {                                             \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(status_));                              \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

__global__ void saxpy(int n, float a, const float* x, float* y);
