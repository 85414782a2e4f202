// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Without --hip-kernel-execution-syntax the <<<>>> launch is kept (hipify's default).

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int *p;
  // CHECK: hipMalloc(&p, 256);
  cudaMalloc(&p, 256);
  // CHECK: k<<<1, 64>>>(p);
  k<<<1, 64>>>(p);
  // CHECK-NOT: hipLaunchKernelGGL
  // CHECK: hipStream_t s;
  cudaStream_t s;
  // CHECK: k<<<dim3(1), dim3(64), 0, s>>>(p);
  k<<<dim3(1), dim3(64), 0, s>>>(p);
  return 0;
}
