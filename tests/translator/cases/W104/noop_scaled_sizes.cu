#include <cuda_runtime.h>
#define N 1024

void copy(float *d_a, const float *h_a, size_t n, size_t bytes) {
  size_t size = N * sizeof(float);
  cudaMemcpy(d_a, h_a, size, cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, h_a, n, cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, h_a, N * 4, cudaMemcpyHostToDevice);
  char *d_text;
  cudaMalloc(&d_text, N);
}
