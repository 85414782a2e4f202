#include <hip/hip_runtime.h>

void upload(const float *h_a, int n) {
  float *d_a;
  float **d_rows;
  float block[16];
  hipMalloc(&d_a, n * sizeof(*d_a));
  hipMalloc(&d_rows, n * sizeof(float *));
  hipMemcpy(d_a, block, sizeof(block), hipMemcpyHostToDevice);
  hipMemcpy(d_a, h_a, n * sizeof(h_a[0]), hipMemcpyHostToDevice);  // not sizeof(h_a)
}
