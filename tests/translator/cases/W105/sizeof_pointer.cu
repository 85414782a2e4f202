#include <cuda_runtime.h>

void upload(const float *h_a, int n) {
  float *d_a;
  cudaMalloc(&d_a, n * sizeof(d_a));
  cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice);
}
