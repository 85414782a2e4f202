#include <hip/hip_runtime.h>
#define N 1024

void copy(float *d_a, const float *h_a, size_t n, size_t bytes) {
  size_t size = N * sizeof(float);
  hipMemcpy(d_a, h_a, size, hipMemcpyHostToDevice);
  hipMemcpy(d_a, h_a, n, hipMemcpyHostToDevice);
  hipMemcpy(d_a, h_a, bytes, hipMemcpyHostToDevice);
  hipMemcpy(d_a, h_a, N * 4, hipMemcpyHostToDevice);
  char *d_text;
  hipMalloc(&d_text, N);
}
