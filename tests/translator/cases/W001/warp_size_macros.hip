#include <hip/hip_runtime.h>
#define WARP_SIZE 32
#define THREADS_PER_WARP (16 * 2)
constexpr int kWarpSize = 32;

__global__ void lanes(int *out) {
  int warp_size = 32;
  out[threadIdx.x] = threadIdx.x % WARP_SIZE + warp_size + kWarpSize;
}
