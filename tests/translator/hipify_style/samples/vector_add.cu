// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// A complete vector addition with error checking and timing. String literals are left
// alone (issue 3); hipify-clang rewrites a CUDA name in a string literal when a blank
// follows it ("cudaMalloc a" would become "hipMalloc a").

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

// CHECK: static void check(hipError_t status, const char *what) {
static void check(cudaError_t status, const char *what) {
  // CHECK: if (status != hipSuccess) {
  if (status != cudaSuccess) {
    // CHECK: fprintf(stderr, "%s failed: %s\n", what, hipGetErrorString(status));
    fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(status));
    exit(EXIT_FAILURE);
  }
}

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const int n = 50000;
  const size_t bytes = n * sizeof(float);
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n);
  float *da, *db, *dc;
  // CHECK: check(hipMalloc(&da, bytes), "cudaMalloc a");
  check(cudaMalloc(&da, bytes), "cudaMalloc a");
  // CHECK: check(hipMalloc(&db, bytes), "cudaMalloc b");
  check(cudaMalloc(&db, bytes), "cudaMalloc b");
  // CHECK: check(hipMalloc(&dc, bytes), "cudaMalloc c");
  check(cudaMalloc(&dc, bytes), "cudaMalloc c");
  // CHECK: check(hipMemcpy(da, a.data(), bytes, hipMemcpyHostToDevice), "copy a");
  check(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice), "copy a");
  // CHECK: check(hipMemcpy(db, b.data(), bytes, hipMemcpyHostToDevice), "copy b");
  check(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice), "copy b");
  // CHECK: hipEvent_t start, stop;
  cudaEvent_t start, stop;
  // CHECK: hipEventCreate(&start);
  cudaEventCreate(&start);
  // CHECK: hipEventCreate(&stop);
  cudaEventCreate(&stop);
  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  // CHECK: hipEventRecord(start);
  cudaEventRecord(start);
  // CHECK: vector_add<<<blocks, threads>>>(da, db, dc, n);
  vector_add<<<blocks, threads>>>(da, db, dc, n);
  // CHECK: check(hipGetLastError(), "launch");
  check(cudaGetLastError(), "launch");
  // CHECK: hipEventRecord(stop);
  cudaEventRecord(stop);
  // CHECK: hipEventSynchronize(stop);
  cudaEventSynchronize(stop);
  float ms = 0;
  // CHECK: hipEventElapsedTime(&ms, start, stop);
  cudaEventElapsedTime(&ms, start, stop);
  // CHECK: check(hipMemcpy(c.data(), dc, bytes, hipMemcpyDeviceToHost), "copy c");
  check(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost), "copy c");
  for (int i = 0; i < n; ++i) {
    if (c[i] != 3.0f) return 1;
  }
  printf("ok in %f ms\n", ms);
  // CHECK: hipFree(da);
  cudaFree(da);
  // CHECK: hipFree(db);
  cudaFree(db);
  // CHECK: hipFree(dc);
  cudaFree(dc);
  // CHECK: hipDeviceReset();
  cudaDeviceReset();
  return 0;
}
