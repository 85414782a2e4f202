// y = W x for inference-style layers stored in reduced precision: a half2 path for
// fp16 weights and a bfloat16 path, both accumulating in float. One warp per row;
// lanes combine with XOR shuffles.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdio>
#include <vector>

#include "solvers/check.cuh"

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kWarp = 32;

__device__ __forceinline__ float warp_all_sum(float v) {
#pragma unroll
  for (int offset = kWarp / 2; offset > 0; offset >>= 1) {
    v += __shfl_xor_sync(kFullMask, v, offset);
  }
  return v;
}

// cols is even: each lane reads pairs of weights.
__global__ void gemv_half2(const __half2 *__restrict__ w, const __half2 *__restrict__ x,
                           __half *__restrict__ y, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / kWarp) + threadIdx.x / kWarp;
  int lane = threadIdx.x % kWarp;
  if (row >= rows) return;
  const __half2 *wrow = w + (size_t)row * (cols / 2);
  __half2 acc2 = __float2half2_rn(0.0f);
  float acc = 0.0f;
  for (int c = lane; c < cols / 2; c += kWarp) {
    acc2 = __hfma2(wrow[c], x[c], acc2);
    if ((c / kWarp) % 8 == 7) {  // flush before fp16 accumulation loses precision
      float2 f = __half22float2(acc2);
      acc += f.x + f.y;
      acc2 = __float2half2_rn(0.0f);
    }
  }
  float2 f = __half22float2(acc2);
  acc = warp_all_sum(acc + f.x + f.y);
  if (lane == 0) y[row] = __float2half_rn(acc);
}

__global__ void gemv_bf16(const __nv_bfloat162 *__restrict__ w, const float2 *__restrict__ x,
                          __nv_bfloat16 *__restrict__ y, const __nv_bfloat16 *__restrict__ bias,
                          int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / kWarp) + threadIdx.x / kWarp;
  int lane = threadIdx.x % kWarp;
  if (row >= rows) return;
  const __nv_bfloat162 *wrow = w + (size_t)row * (cols / 2);
  float acc = 0.0f;
  for (int c = lane; c < cols / 2; c += kWarp) {
    float2 wf = __bfloat1622float2(wrow[c]);
    acc += wf.x * x[c].x + wf.y * x[c].y;
  }
  acc = warp_all_sum(acc);
  if (lane == 0) {
    __nv_bfloat16 out = __float2bfloat16(acc);
    y[row] = __hadd(out, bias[row]);
  }
}

__global__ void fill_bf16(__nv_bfloat162 *w, size_t pairs, float a, float b) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < pairs) w[i] = __floats2bfloat162_rn(a, b);
}

__global__ void fill_half2(__half2 *w, size_t pairs, float a) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < pairs) w[i] = __float2half2_rn(a);
}

int main() {
  const int rows = 4096, cols = 1024, threads = 256;
  const int rows_per_block = threads / kWarp;
  const size_t pairs = (size_t)rows * cols / 2;

  __half2 *wh, *xh;
  __half *yh;
  __nv_bfloat162 *wb;
  __nv_bfloat16 *yb, *bias;
  float2 *xf;
  SOLV_CHECK(cudaMalloc(&wh, pairs * sizeof(__half2)));
  SOLV_CHECK(cudaMalloc(&xh, cols / 2 * sizeof(__half2)));
  SOLV_CHECK(cudaMalloc(&yh, rows * sizeof(__half)));
  SOLV_CHECK(cudaMalloc(&wb, pairs * sizeof(__nv_bfloat162)));
  SOLV_CHECK(cudaMalloc(&xf, cols / 2 * sizeof(float2)));
  SOLV_CHECK(cudaMalloc(&yb, rows * sizeof(__nv_bfloat16)));
  SOLV_CHECK(cudaMalloc(&bias, rows * sizeof(__nv_bfloat16)));
  SOLV_CHECK(cudaMemset(bias, 0, rows * sizeof(__nv_bfloat16)));

  std::vector<float2> x(cols / 2, make_float2(1.0f, 1.0f));
  SOLV_CHECK(cudaMemcpy(xf, x.data(), x.size() * sizeof(float2), cudaMemcpyHostToDevice));
  fill_half2<<<solvers::div_up<size_t>(pairs, threads), threads>>>(wh, pairs, 0.5f);
  fill_half2<<<solvers::div_up(cols / 2, threads), threads>>>(xh, cols / 2, 1.0f);
  fill_bf16<<<solvers::div_up<size_t>(pairs, threads), threads>>>(wb, pairs, 0.25f, 0.75f);
  SOLV_LAUNCH_CHECK();

  int blocks = solvers::div_up(rows, rows_per_block);
  gemv_half2<<<blocks, threads>>>(wh, xh, yh, rows, cols);
  gemv_bf16<<<blocks, threads>>>(wb, xf, yb, bias, rows, cols);
  SOLV_LAUNCH_CHECK();

  __half first_h;
  __nv_bfloat16 first_b;
  SOLV_CHECK(cudaMemcpy(&first_h, yh, sizeof(__half), cudaMemcpyDeviceToHost));
  SOLV_CHECK(cudaMemcpy(&first_b, yb, sizeof(__nv_bfloat16), cudaMemcpyDeviceToHost));
  std::printf("fp16 row 0: %.1f, bf16 row 0: %.1f (expected %d)\n", __half2float(first_h),
              __bfloat162float(first_b), cols / 2);

  for (void *p : {(void *)wh, (void *)xh, (void *)yh, (void *)wb, (void *)xf, (void *)yb,
                  (void *)bias}) {
    SOLV_CHECK(cudaFree(p));
  }
  return 0;
}
