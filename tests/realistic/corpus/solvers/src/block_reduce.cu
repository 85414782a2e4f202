// Sum of squares of a large double vector: tiles of 32 threads reduce with
// cooperative groups, blocks combine through dynamic shared memory and the grid
// through a double-precision atomicAdd. The block size comes from the occupancy API.
#include <cooperative_groups.h>

#include <cstdio>
#include <vector>

#include "solvers/check.cuh"

namespace cg = cooperative_groups;

template <int TILE>
__device__ double tile_sum(cg::thread_block_tile<TILE> tile, double v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) {
    v += tile.shfl_down(v, offset);
  }
  return v;
}

template <int TILE>
__global__ void __launch_bounds__(1024)
sum_squares_kernel(const double *__restrict__ x, size_t n, double *result) {
  extern __shared__ double partial[];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);

  double acc = 0.0;
  size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
    acc += x[i] * x[i];
  }
  acc = tile_sum<TILE>(tile, acc);
  if (tile.thread_rank() == 0) {
    partial[block.thread_rank() / TILE] = acc;
  }
  block.sync();

  unsigned tiles = block.size() / TILE;
  if (block.thread_rank() < TILE) {
    double v = block.thread_rank() < tiles ? partial[block.thread_rank()] : 0.0;
    v = tile_sum<TILE>(tile, v);
    if (block.thread_rank() == 0) {
      atomicAdd(result, v);
    }
  }
}

static void print_device(int device) {
  cudaDeviceProp prop;
  SOLV_CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("device %d: %s (sm_%d%d), %d SMs, warp %d, %zu KiB shared per block "
              "(%zu opt-in), L2 %d KiB, max %d threads per block\n",
              device, prop.name, prop.major, prop.minor, prop.multiProcessorCount,
              prop.warpSize, prop.sharedMemPerBlock / 1024, prop.sharedMemPerBlockOptin / 1024,
              prop.l2CacheSize / 1024, prop.maxThreadsPerBlock);
}

int main() {
  int device = 0;
  SOLV_CHECK(cudaSetDevice(device));
  print_device(device);

  const size_t n = size_t(1) << 24;
  std::vector<double> host(n, 0.5);
  double *x = nullptr, *result = nullptr;
  SOLV_CHECK(cudaMalloc(&x, n * sizeof(double)));
  SOLV_CHECK(cudaMalloc(&result, sizeof(double)));
  SOLV_CHECK(cudaMemcpy(x, host.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  SOLV_CHECK(cudaMemset(result, 0, sizeof(double)));

  constexpr int kTile = 32;
  auto kernel = sum_squares_kernel<kTile>;
  int min_grid = 0, block = 0;
  SOLV_CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel, 0, 1024));
  size_t shared = (block / kTile) * sizeof(double);
  SOLV_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)shared));
  int grid = min_grid > 0 ? min_grid : (int)solvers::div_up<size_t>(n, block);
  kernel<<<grid, block, shared>>>(x, n, result);
  SOLV_LAUNCH_CHECK();

  double sum = 0.0;
  SOLV_CHECK(cudaMemcpy(&sum, result, sizeof(double), cudaMemcpyDeviceToHost));
  std::printf("block %d, grid %d: sum of squares %.1f (expected %.1f)\n", block, grid, sum,
              0.25 * n);
  SOLV_CHECK(cudaFree(x));
  SOLV_CHECK(cudaFree(result));
  return sum == 0.25 * n ? 0 : 1;
}
