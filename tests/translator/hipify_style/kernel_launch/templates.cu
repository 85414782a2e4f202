// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Template kernels are named through HIP_KERNEL_NAME(...), so that the commas of the
// template arguments do not split hipLaunchKernelGGL's macro arguments.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

template <typename T>
__global__ void fill(T *x, T value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = value;
}

template <typename T, int Block>
__global__ void block_sum(const T *in, T *out) {
  __shared__ T buffer[Block];
  buffer[threadIdx.x] = in[blockIdx.x * Block + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    T s = 0;
    for (int i = 0; i < Block; ++i) s += buffer[i];
    out[blockIdx.x] = s;
  }
}

template <typename T>
void run(T *x, T *y, int n) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<T>), dim3(n / 128), dim3(128), 0, 0, x, T(1), n);
  fill<T><<<n / 128, 128>>>(x, T(1), n);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(block_sum<T, 128>), dim3(n / 128), dim3(128), 0, 0, x, y);
  block_sum<T, 128><<<n / 128, 128>>>(x, y);
}

int main() {
  float *x, *y;
  cudaMalloc(&x, 1024 * sizeof(float));
  cudaMalloc(&y, 8 * sizeof(float));
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<float>), dim3(8), dim3(128), 0, 0, x, 2.0f, 1024);
  fill<float><<<8, 128>>>(x, 2.0f, 1024);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(block_sum<float, 128>), dim3(8), dim3(128), 0, 0, x, y);
  block_sum<float, 128><<<8, 128>>>(x, y);
  run<float>(x, y, 1024);
  return 0;
}
