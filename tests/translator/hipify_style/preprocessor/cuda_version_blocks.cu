// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --skip-excluded-preprocessor-conditional-blocks %clang_args -D__CUDA_API_VERSION_INTERNAL

// CUDA version tests are evaluated as the CUDA headers would define the versions, so
// code guarded for recent CUDA releases is translated when blocks are skipped.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
#if CUDA_VERSION >= 10000
  // CHECK: hipGraph_t graph;
  cudaGraph_t graph;
#endif
#if CUDART_VERSION >= 11020
  // CHECK: hipMemPool_t pool;
  cudaMemPool_t pool;
  // CHECK: hipDeviceGetDefaultMemPool(&pool, 0);
  cudaDeviceGetDefaultMemPool(&pool, 0);
#endif
#if defined(__CUDACC__)
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
#endif
  return 0;
}

void older_only() {
#if CUDA_VERSION < 9000
  // CHECK: cudaThreadSynchronize();
  cudaThreadSynchronize();
#endif
}
