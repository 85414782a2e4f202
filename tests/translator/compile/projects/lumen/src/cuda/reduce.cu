#include "lumen/grid.h"
#include "check.cuh"

namespace lumen {
namespace {

__global__ void block_sums(const float *in, float *partial, int n) {
  extern __shared__ float scratch[];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + tid;
  float v = 0.0f;
  if (i < n) v += in[i];
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  scratch[tid] = v;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) scratch[tid] += scratch[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = scratch[0];
}

}  // namespace

float total_on_gpu(const Grid &grid) {
  int n = static_cast<int>(grid.cells.size());
  const int threads = 256;
  int blocks = (n + threads * 2 - 1) / (threads * 2);
  float *in = nullptr, *partial = nullptr;
  LUMEN_CUDA_CHECK(cudaMalloc(&in, n * sizeof(float)));
  LUMEN_CUDA_CHECK(cudaMalloc(&partial, blocks * sizeof(float)));
  LUMEN_CUDA_CHECK(cudaMemcpy(in, grid.cells.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  block_sums<<<blocks, threads, threads * sizeof(float)>>>(in, partial, n);
  std::vector<float> host(blocks);
  LUMEN_CUDA_CHECK(cudaMemcpy(host.data(), partial, blocks * sizeof(float),
                              cudaMemcpyDeviceToHost));
  cudaFree(in);
  cudaFree(partial);
  float sum = 0.0f;
  for (float v : host) sum += v;
  return sum;
}

}  // namespace lumen
