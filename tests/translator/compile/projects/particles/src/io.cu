#include <cstdio>
#include <unistd.h>
#include <cuda_runtime.h>
#include "particles/real.h"

void advance_all(real_t *x, const real_t *v, int n, real_t dt);

int main() {
  const int n = 4096;
  real_t *x = nullptr, *v = nullptr;
  cudaMallocManaged(&x, n * sizeof(real_t));
  cudaMallocManaged(&v, n * sizeof(real_t));
  for (int i = 0; i < n; ++i) { x[i] = real_t(i); v[i] = real_t(1); }
  advance_all(x, v, n, real_t(0.5));
  std::printf("pid %d: x[1] = %f\n", static_cast<int>(getpid()), static_cast<double>(x[1]));
  cudaFree(x);
  cudaFree(v);
  return 0;
}
