// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --skip-excluded-preprocessor-conditional-blocks %clang_args -I%S/inputs

// Macros defined in a header found through -I decide the branches taken.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include "gpu_config.h"

int main() {
#if defined(GPU_BACKEND_STREAMS) && GPU_BACKEND_STREAMS
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
#else
  // CHECK: cudaEvent_t event;
  cudaEvent_t event;
#endif
  return 0;
}
