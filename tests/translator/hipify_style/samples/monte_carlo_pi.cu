// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hip-kernel-execution-syntax %clang_args

// Estimates pi with cuRAND device states and an atomic counter.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hiprand/hiprand_kernel.h>
#include <curand_kernel.h>
#include <cstdio>

// CHECK: __global__ void init(hiprandState *states, unsigned long long seed) {
__global__ void init(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: hiprand_init(seed, id, 0, &states[id]);
  curand_init(seed, id, 0, &states[id]);
}

// CHECK: __global__ void sample(hiprandState *states, unsigned long long *inside, int per_thread) {
__global__ void sample(curandState *states, unsigned long long *inside, int per_thread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: hiprandState local = states[id];
  curandState local = states[id];
  unsigned long long count = 0;
  for (int i = 0; i < per_thread; ++i) {
    // CHECK: float x = hiprand_uniform(&local), y = hiprand_uniform(&local);
    float x = curand_uniform(&local), y = curand_uniform(&local);
    if (x * x + y * y <= 1.0f) ++count;
  }
  atomicAdd(inside, count);
}

int main() {
  const int blocks = 64, threads = 128, per_thread = 1000;
  // CHECK: hiprandState *states;
  curandState *states;
  unsigned long long *inside, host = 0;
  // CHECK: hipMalloc(&states, blocks * threads * sizeof(hiprandState));
  cudaMalloc(&states, blocks * threads * sizeof(curandState));
  // CHECK: hipMalloc(&inside, sizeof(unsigned long long));
  cudaMalloc(&inside, sizeof(unsigned long long));
  // CHECK: hipMemset(inside, 0, sizeof(unsigned long long));
  cudaMemset(inside, 0, sizeof(unsigned long long));
  // CHECK: hipLaunchKernelGGL(init, dim3(blocks), dim3(threads), 0, 0, states, 1234ULL);
  init<<<blocks, threads>>>(states, 1234ULL);
  // CHECK: hipLaunchKernelGGL(sample, dim3(blocks), dim3(threads), 0, 0, states, inside, per_thread);
  sample<<<blocks, threads>>>(states, inside, per_thread);
  // CHECK: hipMemcpy(&host, inside, sizeof(host), hipMemcpyDeviceToHost);
  cudaMemcpy(&host, inside, sizeof(host), cudaMemcpyDeviceToHost);
  printf("pi ~ %f\n", 4.0 * host / (double)(blocks * threads * per_thread));
  // CHECK: hipFree(states);
  cudaFree(states);
  return 0;
}
