// Row-wise softmax with an online (single pass) maximum and sum; the row is
// staged in dynamic shared memory when it fits.
#include <cfloat>

#include "dlk/common.cuh"
#include "dlk/ops.h"

namespace dlk {

// One block per row; shared memory holds the row plus one slot per warp.
__global__ void softmax_forward_kernel(float *out, const float *inp, int N, int C) {
  extern __shared__ float shared[];
  int idx = blockIdx.x;  // ranges [0, N)
  int tid = threadIdx.x;
  const float *x = inp + idx * C;
  float *row = shared;
  float *maxvals = shared + C;

  float maxval = -INFINITY;
  float sumval = 0.0f;
  for (int i = tid; i < C; i += blockDim.x) {
    float v = x[i];
    row[i] = v;
    float new_max = fmaxf(maxval, v);
    sumval = sumval * __expf(maxval - new_max) + __expf(v - new_max);
    maxval = new_max;
  }
  // Combine (max, sum) pairs across the warp.
  for (int offset = 16; offset > 0; offset >>= 1) {
    float other_max = __shfl_down_sync(0xffffffff, maxval, offset);
    float other_sum = __shfl_down_sync(0xffffffff, sumval, offset);
    float new_max = fmaxf(maxval, other_max);
    sumval = sumval * expf(maxval - new_max) + other_sum * expf(other_max - new_max);
    maxval = new_max;
  }
  int warp_id = tid / 32;
  int lane_id = tid % 32;
  __shared__ float warp_sums[32];
  if (lane_id == 0) {
    maxvals[warp_id] = maxval;
    warp_sums[warp_id] = sumval;
  }
  __syncthreads();
  if (tid == 0) {
    float m = maxvals[0], s = warp_sums[0];
    for (int w = 1; w < blockDim.x / 32; w++) {
      float nm = fmaxf(m, maxvals[w]);
      s = s * expf(m - nm) + warp_sums[w] * expf(maxvals[w] - nm);
      m = nm;
    }
    maxvals[0] = m;
    warp_sums[0] = s;
  }
  __syncthreads();
  float offset = maxvals[0];
  float inv_sum = 1.0f / warp_sums[0];
  for (int i = tid; i < C; i += blockDim.x) {
    out[idx * C + i] = __expf(row[i] - offset) * inv_sum;
  }
}

// Rows too long for shared memory: one warp per row, two passes over global memory.
__global__ void softmax_forward_online_kernel(float *out, const float *inp, int N, int C) {
  const int warps_per_block = blockDim.x / warpSize;
  int row = blockIdx.x * warps_per_block + threadIdx.x / warpSize;
  int lane = threadIdx.x % warpSize;
  if (row >= N) return;
  const float *x = inp + row * C;
  float maxval = -FLT_MAX;
  double sum = 0.0;
  for (int i = lane; i < C; i += warpSize) {
    float v = x[i];
    if (v > maxval) {
      sum *= exp((double)(maxval - v));
      maxval = v;
    }
    sum += exp((double)(v - maxval));
  }
  maxval = warpReduceMax(maxval);
  float s = warpReduceSum((float)sum);
  for (int i = lane; i < C; i += warpSize) {
    out[row * C + i] = expf(x[i] - maxval) / s;
  }
}

void softmax_forward(float *out, const float *inp, int N, int C, cudaStream_t stream) {
  int block_size = 256;
  size_t shared_mem = (C + block_size / 32) * sizeof(float);
  int max_shared = 0, device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&max_shared, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  if (shared_mem <= (size_t)max_shared) {
    if (shared_mem > 48 * 1024) {
      CUDA_CHECK(cudaFuncSetAttribute(softmax_forward_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      (int)shared_mem));
    }
    softmax_forward_kernel<<<N, block_size, shared_mem, stream>>>(out, inp, N, C);
  } else {
    softmax_forward_online_kernel<<<ceil_div(N * 32, block_size), block_size, 0, stream>>>(out, inp, N, C);
  }
  CUDA_KERNEL_CHECK();
}

}  // namespace dlk
