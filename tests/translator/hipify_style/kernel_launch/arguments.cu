// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Kernel arguments with nested parentheses, casts, templates, lambdas and calls.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <utility>

template <typename F>
__global__ void apply(float *x, int n, F f) {
  int i = threadIdx.x;
  if (i < n) x[i] = f(x[i]);
}

__global__ void pair_kernel(std::pair<int, int> p, float *x) { x[0] = p.first + p.second; }

int size_of(int n) { return n * 2; }

int main() {
  float *x;
  int n = 64;
  // CHECK: hipLaunchKernelGGL(apply, dim3(1), dim3(n), 0, 0, x, n, [] __device__ (float v) { return v * 2.0f; });
  apply<<<1, n>>>(x, n, [] __device__ (float v) { return v * 2.0f; });
  auto square = [] __device__ (float v) { return v * v; };
  // CHECK: hipLaunchKernelGGL(apply, dim3(1), dim3(size_of(n)), 0, 0, x, static_cast<int>(size_of(n)), square);
  apply<<<1, size_of(n)>>>(x, static_cast<int>(size_of(n)), square);
  // CHECK: hipLaunchKernelGGL(pair_kernel, dim3(1), dim3(1), 0, 0, std::pair<int, int>(1, 2), x);
  pair_kernel<<<1, 1>>>(std::pair<int, int>(1, 2), x);
  // CHECK: hipLaunchKernelGGL(pair_kernel, dim3(1), dim3(1), 0, 0, std::make_pair((n > 2 ? 1 : 0), (n >> 1)), (float *)x);
  pair_kernel<<<1, 1>>>(std::make_pair((n > 2 ? 1 : 0), (n >> 1)), (float *)x);
  return 0;
}
