// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Kernels named through namespaces, macros and pointers, and two launches on a line.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

namespace physics {
__global__ void step(float *x) { x[threadIdx.x] += 1.0f; }
template <typename T, int N>
__global__ void smooth(T *x) { x[threadIdx.x] *= N; }
}

#define STEP_KERNEL physics::step

int main() {
  float *x;
  // CHECK: hipLaunchKernelGGL(physics::step, dim3(1), dim3(32), 0, 0, x);
  physics::step<<<1, 32>>>(x);
  // CHECK: hipLaunchKernelGGL(::physics::step, dim3(1), dim3(32), 0, 0, x);
  ::physics::step<<<1, 32>>>(x);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(physics::smooth<float, 3>), dim3(1), dim3(32), 0, 0, x);
  physics::smooth<float, 3><<<1, 32>>>(x);
  // CHECK: hipLaunchKernelGGL(STEP_KERNEL, dim3(2), dim3(16), 0, 0, x);
  STEP_KERNEL<<<2, 16>>>(x);
  auto kernel = physics::step;
  // CHECK: hipLaunchKernelGGL(kernel, dim3(1), dim3(1), 0, 0, x);
  kernel<<<1, 1>>>(x);
  // CHECK: hipLaunchKernelGGL(physics::step, dim3(1), dim3(1), 0, 0, x); hipLaunchKernelGGL(kernel, dim3(1), dim3(1), 0, 0, x + 1);
  physics::step<<<1, 1>>>(x); kernel<<<1, 1>>>(x + 1);
  int n = 128;
  // CHECK: hipLaunchKernelGGL(kernel, dim3(n >> 5), dim3(n > 64 ? 64 : n), 0, 0, x);
  kernel<<<n >> 5, n > 64 ? 64 : n>>>(x);
  return 0;
}
