// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// cudaMallocHost becomes hipHostMalloc with its flags spelled out (issue 3). As we
// recall hipify-clang adds hipHostMallocDefault; we are not certain of that value.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  float *a = nullptr;
  void *b = nullptr;
  // CHECK: hipHostMalloc(&a, 256 * sizeof(float), hipHostMallocDefault);
  cudaMallocHost(&a, 256 * sizeof(float));
  // CHECK: hipHostMalloc((void **)&b, 512, hipHostMallocDefault);
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
