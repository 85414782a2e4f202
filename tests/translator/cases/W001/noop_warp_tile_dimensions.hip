// A GEMM's warp tile: each warp computes WARP_M x WARP_N outputs. These are matrix
// dimensions, not the number of lanes in a warp.
#include <hip/hip_runtime.h>

constexpr int WARP_M = 32;
constexpr int WARP_N = 32;
constexpr int WARP_K = 16;

__global__ void gemm_tile(const float *a, const float *b, float *c) {
  int row = blockIdx.y * WARP_M + threadIdx.y;
  int col = blockIdx.x * WARP_N + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < WARP_K; ++k) sum += a[row * WARP_K + k] * b[k * WARP_N + col];
  c[row * WARP_N + col] = sum;
}
