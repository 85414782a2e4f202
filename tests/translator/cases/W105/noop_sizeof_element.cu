#include <cuda_runtime.h>

void upload(const float *h_a, int n) {
  float *d_a;
  float **d_rows;
  float block[16];
  cudaMalloc(&d_a, n * sizeof(*d_a));
  cudaMalloc(&d_rows, n * sizeof(float *));
  cudaMemcpy(d_a, block, sizeof(block), cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, h_a, n * sizeof(h_a[0]), cudaMemcpyHostToDevice);  // not sizeof(h_a)
}
