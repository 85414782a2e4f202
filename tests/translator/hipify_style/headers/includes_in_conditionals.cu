// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Includes inside preprocessor conditionals are mapped as well.

#ifdef USE_GPU
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hipblas/hipblas.h>
#include <cublas_v2.h>
#else
#include <cstdlib>
#endif
#if defined(USE_RAND) && !defined(NO_GPU)
// CHECK: #include <hiprand/hiprand.h>
#include <curand.h>
#endif

int main() {
#ifdef USE_GPU
  // CHECK: hipDeviceReset();
  cudaDeviceReset();
#endif
  return 0;
}
