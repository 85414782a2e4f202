#include <cstdio>
#include "thermal/stencil.h"

int main() {
  const int n = 1 << 12;
  real_t *now = nullptr, *next = nullptr;
  cudaMalloc(&now, n * sizeof(real_t));
  cudaMalloc(&next, n * sizeof(real_t));
  cudaMemset(now, 0, n * sizeof(real_t));
  for (int step = 0; step < 200; ++step) {
    diffuse_step(next, now, n, real_t(0.2), 0);
    real_t *swap = now;
    now = next;
    next = swap;
  }
  cudaDeviceSynchronize();
  std::printf("%d cells\n", n);
  cudaFree(now);
  cudaFree(next);
  return 0;
}
