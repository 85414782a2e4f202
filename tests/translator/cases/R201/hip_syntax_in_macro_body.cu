// check: nvcc hipcc
#include <cuda_runtime.h>

__global__ void step(float *state, int n) {
  if (threadIdx.x < n) state[threadIdx.x] += 1.0f;
}

#define RUN_STEP(state, n, stream)                      \
  step<<<((n) + 127) / 128, 128, 0, (stream)>>>(        \
      (state),                                          \
      (n))

int main() {
  float *state = nullptr;
  cudaMalloc(&state, 128 * sizeof(float));
  RUN_STEP(state, 128, 0);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
