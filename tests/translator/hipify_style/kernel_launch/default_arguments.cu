// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Only the arguments written in the launch are passed; HIP's launch macro expands to a
// call in which the kernel's default arguments still apply.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void axpy(float *y, const float *x, float a = 1.0f, int n = 256) {
  int i = threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

int main() {
  float *x, *y;
  // CHECK: hipLaunchKernelGGL(axpy, dim3(1), dim3(256), 0, 0, y, x);
  axpy<<<1, 256>>>(y, x);
  // CHECK: hipLaunchKernelGGL(axpy, dim3(1), dim3(256), 0, 0, y, x, 2.0f);
  axpy<<<1, 256>>>(y, x, 2.0f);
  // CHECK: hipLaunchKernelGGL(axpy, dim3(1), dim3(128), 0, 0, y, x, 2.0f, 128);
  axpy<<<1, 128>>>(y, x, 2.0f, 128);
  return 0;
}
