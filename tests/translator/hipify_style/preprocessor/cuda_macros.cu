// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// __CUDACC__ becomes __HIPCC__ (HIPIFY's table). rocport also gives __CUDA_ARCH__ and
// CUDA version tests their HIP meaning (issue 3); hipify-clang leaves those names.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: #ifdef __HIPCC__
#ifdef __CUDACC__
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

// CHECK: #if defined(__HIPCC__)
#if defined(__CUDACC__)
HOST_DEVICE inline int twice(int x) { return 2 * x; }
#endif

__device__ int where() {
  // CHECK: #ifdef __HIP_DEVICE_COMPILE__
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}
