// check: nvcc hipcc
// Streaming loads and stores of scalars keep their hint as nontemporal accesses.
#include <cuda_runtime.h>

__global__ void axpy_stream(const float *__restrict__ x, float *y, const unsigned long long *keys,
                            unsigned long long *out, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float xi = __ldcs(x + i);
  float yi = __ldlu(&y[i]);
  __stcs(y + i, a * xi + yi);
  __stcs(&out[i], __ldcs(keys + i) + 1ull);
  __stcg(y, __ldcg(x));
}
