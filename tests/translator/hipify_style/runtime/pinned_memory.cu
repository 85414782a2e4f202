// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// cudaMallocHost becomes hipHostMalloc. rocport passes the flags explicitly (issue 3);
// hipify-clang's exact third argument is not certain, so the check allows any value.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  float *a = nullptr;
  void *b = nullptr;
  // CHECK: hipHostMalloc(&a, 256 * sizeof(float){{(, [A-Za-z0-9]+)?}});
  cudaMallocHost(&a, 256 * sizeof(float));
  // CHECK: hipHostMalloc((void **)&b, 512{{(, [A-Za-z0-9]+)?}});
  cudaMallocHost((void **)&b, 512);
  // The three-argument C++ overload already has its flags.
  // CHECK: hipHostMalloc(&a, 64, hipHostMallocMapped);
  cudaMallocHost(&a, 64, cudaHostAllocMapped);
  // CHECK: hipHostFree(a);
  cudaFreeHost(a);
  // CHECK: hipHostFree(b);
  cudaFreeHost(b);
  return 0;
}
