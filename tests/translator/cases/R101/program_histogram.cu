// check: nvcc hipcc
// Byte histogram: per-block histograms in shared memory merged with global atomics.
// The block size comes from the occupancy calculator; the input lives in managed
// memory so that the host fills it directly.
#include <cuda_runtime.h>
#include <device_launch_parameters.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

static void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(status));
    std::abort();
  }
}

constexpr int kBins = 256;

__global__ void histogram(const std::uint8_t *data, size_t n, unsigned int *bins) {
  __shared__ unsigned int local[kBins];
  for (int i = threadIdx.x; i < kBins; i += blockDim.x) local[i] = 0;
  __syncthreads();
  const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    atomicAdd(&local[data[i]], 1u);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < kBins; i += blockDim.x) {
    if (local[i] != 0) atomicAdd(&bins[i], local[i]);
  }
}

int main() {
  const size_t n = 64 << 20;
  std::uint8_t *data = nullptr;
  unsigned int *bins = nullptr;
  check(cudaMallocManaged(&data, n), "cudaMallocManaged(data)");
  check(cudaMallocManaged(&bins, kBins * sizeof(unsigned int)), "cudaMallocManaged(bins)");
  for (size_t i = 0; i < n; ++i) data[i] = static_cast<std::uint8_t>(i * 2654435761u >> 24);
  std::memset(bins, 0, kBins * sizeof(unsigned int));

  int min_grid = 0, block = 0;
  check(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, histogram, 0, 0),
        "cudaOccupancyMaxPotentialBlockSize");
  check(cudaFuncSetCacheConfig(histogram, cudaFuncCachePreferShared), "cudaFuncSetCacheConfig");
  int device = 0, sms = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
        "cudaDeviceGetAttribute");

  histogram<<<2 * sms, block>>>(data, n, bins);
  check(cudaGetLastError(), "histogram launch");
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");

  unsigned long long total = 0;
  for (int i = 0; i < kBins; ++i) total += bins[i];
  std::printf("%llu bytes counted with blocks of %d threads\n", total, block);
  check(cudaFree(data), "cudaFree(data)");
  check(cudaFree(bins), "cudaFree(bins)");
  return total == n ? 0 : 1;
}
