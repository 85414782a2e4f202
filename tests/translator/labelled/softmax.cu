// Row softmax with one warp per row, written with a macro-defined warp size.
#include <cuda_runtime.h>
#include <float.h>

#define kWarpSize 32  // hazard: warp-size
#define ROWS_PER_BLOCK 4

__inline__ __device__ float warpReduceMax(float val) {
  for (int mask = kWarpSize / 2; mask > 0; mask /= 2)
    val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, mask));  // hazard: lane-mask
  return val;
}

__inline__ __device__ float warpReduceSum(float val) {
  for (int mask = kWarpSize / 2; mask > 0; mask /= 2)
    val += __shfl_xor_sync(0xffffffff, val, mask);  // hazard: lane-mask
  return val;
}

__global__ void softmax(const float *x, float *y, int rows, int cols) {
  int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
  if (row >= rows) return;
  const float *in = x + row * cols;
  float m = -FLT_MAX;
  for (int c = threadIdx.x; c < cols; c += kWarpSize) m = fmaxf(m, in[c]);
  m = warpReduceMax(m);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += kWarpSize) s += expf(in[c] - m);
  s = warpReduceSum(s);
  for (int c = threadIdx.x; c < cols; c += kWarpSize) y[row * cols + c] = expf(in[c] - m) / s;
}

void launch(const float *x, float *y, int rows, int cols) {
  dim3 block(kWarpSize, ROWS_PER_BLOCK);
  dim3 grid((rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
  softmax<<<grid, block>>>(x, y, rows, cols);
}
