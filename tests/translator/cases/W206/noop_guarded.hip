#include <hip/hip_runtime.h>

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= 2.0f;
}

__global__ void early(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  a[i] += 1.0f;
}

__global__ void strided(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    a[i] = 0.0f;
}

__global__ void exact(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 1.0f;
}

void run(float *a, int n) {
  scale<<<(n + 255) / 256, 256>>>(a, n);
  early<<<(n + 255) / 256, 256>>>(a, n);
  strided<<<(n + 255) / 256, 256>>>(a, n);
  exact<<<n / 256, 256>>>(a);
}
