#include <cuda_runtime.h>

__global__ void halves(float *buf) {
  int lane = threadIdx.x % warpSize;
  if (lane < 16) {
    buf[lane] = 1.0f;
    __syncwarp(0x0000ffff);
  } else {
    __syncwarp(0xffff0000);
  }
}
