// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// cuda_runtime_api.h is the runtime's API part: it becomes hip/hip_runtime_api.h, and a
// later cuda_runtime.h still brings in the full runtime header.

// CHECK: #include <hip/hip_runtime_api.h>
// CHECK-NEXT: #include <hip/hip_runtime.h>
#include <cuda_runtime_api.h>
#include <cuda_runtime.h>

int main() {
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  return 0;
}
