#include <cuda_runtime.h>
#define THREADS 256

__global__ void __launch_bounds__(THREADS) k(float *x) { x[threadIdx.x] = 0.0f; }

void run(float *x, int blocks, int threads) {
  k<<<blocks, THREADS>>>(x);
  dim3 block(16, 16);
  k<<<blocks, block>>>(x);
  k<<<blocks, threads>>>(x);  // unknown at compile time
  // k<<<blocks, 32>>>(x);
}
