// Error handling shared by the solver programs: every runtime call goes through
// SOLV_CHECK, every kernel launch is followed by SOLV_LAUNCH_CHECK.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace solvers {

inline void check_status(cudaError_t status, const char *expr, const char *file, int line) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", file, line, expr,
                 cudaGetErrorString(status), cudaGetErrorName(status));
    std::exit(EXIT_FAILURE);
  }
}

template <typename T>
__host__ __device__ constexpr T div_up(T a, T b) {
  return (a + b - 1) / b;
}

}  // namespace solvers

#define SOLV_CHECK(expr) ::solvers::check_status((expr), #expr, __FILE__, __LINE__)
#define SOLV_LAUNCH_CHECK()                                  \
  do {                                                       \
    SOLV_CHECK(cudaPeekAtLastError());                       \
    if (std::getenv("SOLVERS_SYNC")) {                       \
      SOLV_CHECK(cudaDeviceSynchronize());                   \
    }                                                        \
  } while (0)
