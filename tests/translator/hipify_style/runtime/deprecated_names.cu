// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Names deprecated or removed in CUDA are still translated when HIP has them.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime_api.h>
#include <cuda_profiler_api.h>

int main() {
  // CHECK: hipProfilerStart();
  cudaProfilerStart();
  // CHECK: hipDeviceSynchronize();
  cudaThreadSynchronize();
  // CHECK: hipDeviceReset();
  cudaThreadExit();
  // CHECK: hipSharedMemConfig config;
  cudaSharedMemConfig config;
  // CHECK: hipDeviceGetSharedMemConfig(&config);
  cudaDeviceGetSharedMemConfig(&config);
  // CHECK: hipProfilerStop();
  cudaProfilerStop();
  return 0;
}
