#include <cuda_runtime.h>

__managed__ int hits;

__global__ void accumulate(float *sum, const float *x) {
  atomicAdd(sum, x[threadIdx.x]);
  atomicAdd(&hits, 1);  // integer atomics are fine
}

int main() {
  float *sum, *x;
  cudaMalloc(&sum, sizeof(float));
  cudaMalloc(&x, 256 * sizeof(float));
  accumulate<<<1, 256>>>(sum, x);
  return 0;
}
