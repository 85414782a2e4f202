#include <cuda_runtime.h>
#include <cstdlib>

int main() {
  const int n = 64;
  size_t bytes = n * sizeof(float);
  float *h = (float *)malloc(bytes);
  float *d, *m;
  cudaMalloc(&d, bytes);
  cudaMallocManaged(&m, bytes);
  cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(m, h, bytes, cudaMemcpyHostToDevice);  /* managed fits any kind */
  free(h);
  return 0;
}
