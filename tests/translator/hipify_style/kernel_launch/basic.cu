// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), shared memory, stream, args...):
// grid and block are wrapped in dim3(...) unless already written as dim3(...), missing
// shared memory and stream become 0, and the kernel arguments are copied as written.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

__global__ void nothing() {}

int main() {
  const int n = 1000;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  dim3 grid((n + 255) / 256), block(256);
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  // CHECK: hipLaunchKernelGGL(scale, dim3(grid), dim3(block), 0, 0, x, 2.0f, n);
  scale<<<grid, block>>>(x, 2.0f, n);
  // CHECK: hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, 0, x, 0.5f, n);
  scale<<<(n + 255) / 256, 256>>>(x, 0.5f, n);
  // CHECK: hipLaunchKernelGGL(scale, dim3(grid), dim3(block), 64 * sizeof(float), 0, x, 1.0f, n);
  scale<<<grid, block, 64 * sizeof(float)>>>(x, 1.0f, n);
  // CHECK: hipLaunchKernelGGL(scale, dim3(grid), dim3(block), 0, stream, x, 3.0f, n);
  scale<<<grid, block, 0, stream>>>(x, 3.0f, n);
  // CHECK: hipLaunchKernelGGL(scale, dim3(4, 2), dim3(16, 16), 0, stream, x, 3.0f, n);
  scale<<<dim3(4, 2), dim3(16, 16), 0, stream>>>(x, 3.0f, n);
  // CHECK: hipLaunchKernelGGL(nothing, dim3(1), dim3(1), 0, 0);
  nothing<<<1, 1>>>();
  // Spaces inside the brackets are not kept; the argument text is.
  // CHECK: hipLaunchKernelGGL(scale, dim3(grid.x), dim3(block.x * 2), 0, 0, x, 2.0f * 2.0f, n / 2);
  scale<<< grid.x , block.x * 2 >>>(x, 2.0f * 2.0f, n / 2);
  // Blanks around the kernel arguments are not kept either.
  // CHECK: hipLaunchKernelGGL(scale, dim3(grid), dim3(block), 0, 0, x, 2.0f, n);
  scale<<<grid, block>>>( x, 2.0f, n );
  // CHECK: hipLaunchKernelGGL(nothing, dim3(1), dim3(1), 0, 0);
  nothing<<<1, 1>>>( );
  // CHECK: hipLaunchKernelGGL(scale, dim3(grid), dim3(block), 0, 0, x,
  // CHECK-NEXT: 2.0f,
  // CHECK-NEXT: n);
  scale<<<grid, block>>>(x,
                         2.0f,
                         n);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  return 0;
}
