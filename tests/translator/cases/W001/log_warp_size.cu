#include <cuda_runtime.h>
#define LOG_WARP_SIZE 5
#define LOG_NUM_WARPS 5
constexpr int kWarpShift = 5;

__global__ void warp_of(int *out) {
  out[threadIdx.x] = (threadIdx.x >> LOG_WARP_SIZE) + (threadIdx.x >> kWarpShift);
}
