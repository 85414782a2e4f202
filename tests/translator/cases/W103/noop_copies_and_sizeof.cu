#include <cuda_runtime.h>
#include <cstdlib>

int main() {
  const int n = 256;
  float *d_x;
  float *h_x = (float *)malloc(n * sizeof(*h_x));
  cudaMalloc(&d_x, n * sizeof(*d_x));
  cudaMemcpy(h_x, d_x, n * sizeof(float), cudaMemcpyDeviceToHost);
  h_x[0] += 1.0f;  // d_x[0] would fault
  float *p = &d_x[1];
  d_x = h_x;
  d_x[2] = 0.0f;
  free(h_x);
  return p != 0;
}
