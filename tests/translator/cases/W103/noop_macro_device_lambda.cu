#include <cuda_runtime.h>

#ifdef __CUDACC__
#define KERNEL_LAMBDA __host__ __device__
#else
#define KERNEL_LAMBDA
#endif

struct Buffers {
  float *values;
};

template <typename F>
__global__ void apply(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

void fill(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  apply<<<(n + 255) / 256, 256>>>(n, [=] KERNEL_LAMBDA(int i) { d[i] = 0.0f; });
  float staging[4] = {0.0f, 1.0f, 2.0f, 3.0f};
  float *values = staging;
  Buffers dev;
  cudaMalloc(&dev.values, n * sizeof(float));
  values[0] = 5.0f;
  cudaFree(dev.values);
  cudaFree(d);
}
