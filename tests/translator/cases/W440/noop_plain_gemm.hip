#include <hip/hip_runtime.h>
// A WMMA version (wmma::mma_sync) would need rocWMMA.

__global__ void gemm(const float *a, const float *b, float *c, int n) {
  float wmma = 0.0f;  // a variable named like the namespace
  for (int k = 0; k < n; k++) wmma += a[threadIdx.y * n + k] * b[k * n + threadIdx.x];
  c[threadIdx.y * n + threadIdx.x] = wmma;
}
