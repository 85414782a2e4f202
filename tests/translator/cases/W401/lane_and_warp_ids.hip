#include <hip/hip_runtime.h>

__global__ void ids(int *out) {
  int tid = threadIdx.x;
  int lane = tid % 32;
  int warp = tid / 32;
  int lane2 = threadIdx.x & 31;
  int warp2 = threadIdx.x >> 5;
  int warps = blockDim.x / 32;
  out[tid] = lane + warp + lane2 + warp2 + warps;
}
