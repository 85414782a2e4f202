#include <cuda_runtime.h>
#include "particles/real.h"

__global__ void advance(real_t *x, const real_t *v, int n, real_t dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += v[i] * dt;
}

void advance_all(real_t *x, const real_t *v, int n, real_t dt) {
  advance<<<(n + 127) / 128, 128>>>(x, v, n, dt);
  cudaDeviceSynchronize();
}
