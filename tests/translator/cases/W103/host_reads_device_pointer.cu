#include <cuda_runtime.h>
#include <cstdio>

int main() {
  const int n = 256;
  float *d_x;
  int *d_count;
  cudaMalloc((void **)&d_x, n * sizeof(float));
  cudaMalloc(&d_count, sizeof(int));
  d_x[0] = 1.0f;
  printf("%d\n", *d_count);
  cudaFree(d_x);
  cudaFree(d_count);
  return 0;
}
