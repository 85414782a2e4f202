// check: nvcc hipcc
// Streaming loads and stores of scalars keep their hint as nontemporal accesses.
#include <hip/hip_runtime.h>

__global__ void axpy_stream(const float *__restrict__ x, float *y, const unsigned long long *keys,
                            unsigned long long *out, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float xi = __builtin_nontemporal_load(x + i);
  float yi = __builtin_nontemporal_load(&y[i]);
  __builtin_nontemporal_store(a * xi + yi, y + i);
  __builtin_nontemporal_store(__builtin_nontemporal_load(keys + i) + 1ull, &out[i]);
  *y = *x;
}
