// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Launches inside macro definitions and launches whose configuration uses macros.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

#define BLOCK 128
#define GRID(n) (((n) + BLOCK - 1) / BLOCK)
// CHECK: #define LAUNCH_ADD(out, a, b, n) hipLaunchKernelGGL(add, dim3(GRID(n)), dim3(BLOCK), 0, 0, out, a, b, n)
#define LAUNCH_ADD(out, a, b, n) add<<<GRID(n), BLOCK>>>(out, a, b, n)
// CHECK: #define LAUNCH(kernel, grid, block, ...) hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), 0, 0, __VA_ARGS__)
#define LAUNCH(kernel, grid, block, ...) kernel<<<grid, block>>>(__VA_ARGS__)

__global__ void add(float *out, const float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

int main() {
  const int n = 4096;
  float *out, *a, *b;
  LAUNCH_ADD(out, a, b, n);
  LAUNCH(add, GRID(n), BLOCK, out, a, b, n);
  // CHECK: hipLaunchKernelGGL(add, dim3(GRID(n)), dim3(BLOCK), 0, 0, out, a, b, n);
  add<<<GRID(n), BLOCK>>>(out, a, b, n);
  return 0;
}
