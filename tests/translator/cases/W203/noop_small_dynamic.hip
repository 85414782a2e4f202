#include <hip/hip_runtime.h>

__global__ void k(float *x) {
  extern __shared__ float buffer[];
  x[threadIdx.x] = buffer[threadIdx.x];
}

void run(float *x, size_t requested) {
  hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024);
  k<<<1, 256, 32 * 1024>>>(x);
  k<<<1, 256, requested>>>(x);
}
