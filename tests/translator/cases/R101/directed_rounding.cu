// check: nvcc
#include <cuda_runtime.h>
__global__ void interval(const float *x, const float *y, float *low, float *high, double *d) {
  int i = threadIdx.x;
  low[i] = __fadd_rd(x[i], y[i]);
  high[i] = __fadd_ru(x[i], y[i]);
  d[i] = __fma_rz(d[i], 2.0, 1.0);
}
