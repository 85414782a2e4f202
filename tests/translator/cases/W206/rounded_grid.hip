#include <hip/hip_runtime.h>

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] *= 2.0f;
}

void run(float *a, int n) {
  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  scale<<<blocks, threads>>>(a, n);
}
