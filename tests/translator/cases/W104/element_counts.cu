#include <cuda_runtime.h>
#define N 1024

int main() {
  float *d_a, h_a[N];
  int count = 512;
  cudaMalloc(&d_a, N);
  cudaMemcpy(d_a, h_a, count, cudaMemcpyHostToDevice);
  cudaMemset(d_a, 0, N);
  return 0;
}
