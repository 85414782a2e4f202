// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Launches in nested scopes, in loops, in lambdas and in device code.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void child(int *p) { p[threadIdx.x] += 1; }

__global__ void parent(int *p) {
  if (threadIdx.x == 0) {
    // CHECK: hipLaunchKernelGGL(child, dim3(1), dim3(32), 0, 0, p);
    child<<<1, 32>>>(p);
  }
}

int main() {
  int *p;
  for (int i = 0; i < 3; ++i) {
    if (i % 2 == 0) {
      // CHECK: hipLaunchKernelGGL(child, dim3(i + 1), dim3(32), 0, 0, p + i * 32);
      child<<<i + 1, 32>>>(p + i * 32);
    }
  }
  auto launch = [&](int blocks) {
    // CHECK: hipLaunchKernelGGL(parent, dim3(blocks), dim3(1), 0, 0, p);
    parent<<<blocks, 1>>>(p);
  };
  launch(2);
  // CHECK: if (p) hipLaunchKernelGGL(child, dim3(1), dim3(1), 0, 0, p); else hipLaunchKernelGGL(parent, dim3(1), dim3(1), 0, 0, p);
  if (p) child<<<1, 1>>>(p); else parent<<<1, 1>>>(p);
  return 0;
}
