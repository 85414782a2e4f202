// Build-wide settings and the error check every file of tensorlib uses.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifndef TL_BLOCK
#define TL_BLOCK 256
#endif

#define TL_TRY(call)                                                            \
  do {                                                                          \
    cudaError_t status_ = (call);                                               \
    if (status_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s:%d %s (%s)\n", __FILE__, __LINE__,               \
                   cudaGetErrorString(status_), cudaGetErrorName(status_));     \
      std::exit(EXIT_FAILURE);                                                  \
    }                                                                           \
  } while (0)

namespace tl {
inline int blocks_for(long n, int block = TL_BLOCK) {
  return static_cast<int>((n + block - 1) / block);
}
}  // namespace tl
