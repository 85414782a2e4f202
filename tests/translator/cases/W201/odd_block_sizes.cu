#include <cuda_runtime.h>
#define THREADS 96

__global__ void __launch_bounds__(THREADS) k(float *x) { x[threadIdx.x] = 0.0f; }

void run(float *x, int blocks) {
  k<<<blocks, 32>>>(x);
  k<<<blocks, THREADS>>>(x);
  dim3 block(16, 6);
  k<<<blocks, block>>>(x);
}
