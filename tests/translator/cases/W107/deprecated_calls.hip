#include <hip/hip_runtime.h>

__global__ void shift(float *x) {
  float v = x[threadIdx.x];
  x[threadIdx.x] = __shfl_down(v, 1);
}

int main() {
  hipDeviceSynchronize();
  hipDeviceReset();
  return 0;
}
