// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// By default code in every preprocessor branch is translated, taken or not.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  float *p;
#ifdef NOT_DEFINED_ANYWHERE
  // CHECK: hipMallocManaged(&p, 64);
  cudaMallocManaged(&p, 64);
#else
  // CHECK: hipMalloc(&p, 64);
  cudaMalloc(&p, 64);
#endif
#if 0
  // CHECK: hipMemset(p, 0, 64);
  cudaMemset(p, 0, 64);
#endif
  // CHECK: hipFree(p);
  cudaFree(p);
  return 0;
}
