#include <hip/hip_runtime.h>

void upload(const float *h_a, int n) {
  float *d_a;
  hipMalloc(&d_a, n * sizeof(d_a));
  hipMemcpy(d_a, h_a, sizeof(h_a), hipMemcpyHostToDevice);
}
