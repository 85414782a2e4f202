// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>

int main() {
  // CHECK: hipEvent_t start, stop, quiet, shared;
  cudaEvent_t start, stop, quiet, shared;
  // CHECK: hipEventCreate(&start);
  cudaEventCreate(&start);
  // CHECK: hipEventCreateWithFlags(&stop, hipEventBlockingSync);
  cudaEventCreateWithFlags(&stop, cudaEventBlockingSync);
  // CHECK: hipEventCreateWithFlags(&quiet, hipEventDisableTiming);
  cudaEventCreateWithFlags(&quiet, cudaEventDisableTiming);
  // CHECK: hipEventCreateWithFlags(&shared, hipEventInterprocess | hipEventDisableTiming);
  cudaEventCreateWithFlags(&shared, cudaEventInterprocess | cudaEventDisableTiming);
  // CHECK: hipEventRecord(start, 0);
  cudaEventRecord(start, 0);
  // CHECK: hipEventRecord(stop);
  cudaEventRecord(stop);
  // CHECK: hipEventSynchronize(stop);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  // CHECK: hipEventElapsedTime(&ms, start, stop);
  cudaEventElapsedTime(&ms, start, stop);
  // CHECK: if (hipEventQuery(stop) == hipSuccess) printf("%f ms\n", ms);
  if (cudaEventQuery(stop) == cudaSuccess) printf("%f ms\n", ms);
  // CHECK: hipEventDestroy(start);
  cudaEventDestroy(start);
  // CHECK: hipEventDestroy(stop);
  cudaEventDestroy(stop);
  return 0;
}
