// check: nvcc hipcc
#include <cstdio>
extern "C" {
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>  // the C API below
int solver_step(float *state, int n);
}

__global__ void relax(float *state, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) state[i] *= 0.5f;
}

int solver_step(float *state, int n) {
  relax<<<(n + 127) / 128, 128>>>(state, n);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
