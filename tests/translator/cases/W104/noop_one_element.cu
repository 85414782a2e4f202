#include <cuda_runtime.h>

int main() {
  int *d_count;
  double *d_total;
  cudaMalloc(&d_count, 4);
  cudaMalloc(&d_total, 8);
  cudaMemset(d_count, 0, 4);
  return 0;
}
