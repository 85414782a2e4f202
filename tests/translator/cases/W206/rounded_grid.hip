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

__global__ void __launch_bounds__(256) shift(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] += 1.0f;
}

void run_shift(float *a, int n) { shift<<<(n + 255) / 256, 256>>>(a, n); }
