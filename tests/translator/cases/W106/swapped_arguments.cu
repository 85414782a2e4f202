#include <cuda_runtime.h>
#include <cstdlib>

int main() {
  const int n = 64;
  size_t bytes = n * sizeof(float);
  float *h = (float *)malloc(bytes);
  float *d;
  cudaMalloc(&d, bytes);
  cudaMemcpy(h, d, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d, h, bytes, cudaMemcpyDeviceToHost);
  free(h);
  return 0;
}
