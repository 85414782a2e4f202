#include <hip/hip_runtime.h>

__global__ void k(float *x) {
  extern __shared__ float buffer[];
  x[threadIdx.x] = buffer[threadIdx.x];
}

void run(float *x) {
  const int bytes = 96 * 1024;
  hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, bytes);
  k<<<1, 256, bytes>>>(x);
}
