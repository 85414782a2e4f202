// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Static and dynamic shared memory; both are written the same way in HIP.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

#define TILE 16

__global__ void transpose(float *out, const float *in, int width) {
  // CHECK: __shared__ float tile[TILE][TILE + 1];
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void reverse(int *data, int n) {
  // CHECK: extern __shared__ int buffer[];
  extern __shared__ int buffer[];
  int t = threadIdx.x;
  buffer[t] = data[t];
  __syncthreads();
  data[t] = buffer[n - t - 1];
}

int main() {
  const int width = 256, n = 64;
  float *in, *out;
  int *data;
  // CHECK: hipMalloc(&in, width * width * sizeof(float));
  cudaMalloc(&in, width * width * sizeof(float));
  // CHECK: hipMalloc(&out, width * width * sizeof(float));
  cudaMalloc(&out, width * width * sizeof(float));
  // CHECK: hipMalloc(&data, n * sizeof(int));
  cudaMalloc(&data, n * sizeof(int));
  dim3 grid(width / TILE, width / TILE), block(TILE, TILE);
  // CHECK: hipLaunchKernelGGL(transpose, dim3(grid), dim3(block), 0, 0, out, in, width);
  transpose<<<grid, block>>>(out, in, width);
  // CHECK: hipLaunchKernelGGL(reverse, dim3(1), dim3(n), n * sizeof(int), 0, data, n);
  reverse<<<1, n, n * sizeof(int)>>>(data, n);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  return 0;
}
