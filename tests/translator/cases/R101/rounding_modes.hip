// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void bounds(const float *x, const float *y, float *sum, double *product, __half *h) {
  int i = threadIdx.x;
  sum[i] = __fadd_rn(x[i], y[i]);
  product[i] = __dmul_rn(x[i], y[i]);
  h[i] = __hadd(h[i], h[i + 1]);
}
