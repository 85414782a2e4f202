// Unified memory, prefetching and float atomics.
#include <cuda_runtime.h>
#include <cstdio>

__managed__ double globalSum;  // hazard: managed-memory

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];  // hazard: unguarded-index
}

__global__ void dot(const float *x, const float *y, float *result, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(result, x[i] * y[i]);  // hazard: atomic-fine-grained
    atomicAdd(&globalSum, (double)x[i]);  // hazard: atomic-fine-grained
  }
}

int main() {
  const int n = 1000;
  float *x, *y, *result;
  cudaMallocManaged(&x, n * sizeof(float));  // hazard: managed-memory
  cudaMallocManaged(&y, n * sizeof(float));  // hazard: managed-memory
  cudaMallocManaged(&result, sizeof(float));  // hazard: managed-memory
  for (int i = 0; i < n; i++) { x[i] = 1.0f; y[i] = 2.0f; }
  int device = 0;
  cudaGetDevice(&device);
  cudaMemPrefetchAsync(x, n * sizeof(float), device);  // hazard: managed-memory
  cudaMemAdvise(y, n * sizeof(float), cudaMemAdviseSetPreferredLocation, device);  // hazard: managed-memory
  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  saxpy<<<blocks, threads>>>(n, 2.0f, x, y);
  dot<<<blocks, threads>>>(x, y, result, n);
  cudaDeviceSynchronize();
  printf("%f %f\n", *result, globalSum);
  cudaFree(x);
  cudaFree(y);
  cudaFree(result);
  return 0;
}
