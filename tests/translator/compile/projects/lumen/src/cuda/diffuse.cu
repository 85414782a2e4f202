#include "lumen/grid.h"
#include "check.cuh"

namespace lumen {
namespace {

__global__ void diffuse_step(const float *in, float *out, int nx, int ny, float rate) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i <= 0 || j <= 0 || i >= nx - 1 || j >= ny - 1) return;
  int c = j * nx + i;
  float laplace = in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] - 4.0f * in[c];
  out[c] = in[c] + rate * laplace;
}

}  // namespace

void diffuse_on_gpu(Grid &grid, float rate, int steps) {
  size_t bytes = grid.cells.size() * sizeof(float);
  float *a = nullptr, *b = nullptr;
  LUMEN_CUDA_CHECK(cudaMalloc(&a, bytes));
  LUMEN_CUDA_CHECK(cudaMalloc(&b, bytes));
  LUMEN_CUDA_CHECK(cudaMemcpy(a, grid.cells.data(), bytes, cudaMemcpyHostToDevice));
  LUMEN_CUDA_CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
  dim3 block(16, 16);
  dim3 blocks((grid.nx + 15) / 16, (grid.ny + 15) / 16);
  for (int s = 0; s < steps; ++s) {
    diffuse_step<<<blocks, block>>>(a, b, grid.nx, grid.ny, rate);
    LUMEN_CUDA_CHECK(cudaGetLastError());
    std::swap(a, b);
  }
  LUMEN_CUDA_CHECK(cudaMemcpy(grid.cells.data(), a, bytes, cudaMemcpyDeviceToHost));
  cudaFree(a);
  cudaFree(b);
}

}  // namespace lumen
