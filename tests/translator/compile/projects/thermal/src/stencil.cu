#include "thermal/stencil.h"

__global__ void diffuse(real_t *next, const real_t *now, int n, real_t alpha) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) {
    next[i] = now[i] + alpha * (now[i - 1] - real_t(2) * now[i] + now[i + 1]);
  }
}

void diffuse_step(real_t *next, const real_t *now, int n, real_t alpha, cudaStream_t stream) {
  diffuse<<<(n + 255) / 256, 256, 0, stream>>>(next, now, n, alpha);
}
