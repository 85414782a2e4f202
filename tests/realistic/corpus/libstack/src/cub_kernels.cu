// CUB's block- and device-wide primitives: a block reduction and scan in one kernel,
// then DeviceReduce, DeviceScan and DeviceRadixSort with their two-pass temp storage.
#include <cub/cub.cuh>

#include "libstack/api.h"
#include "libstack/device_buffer.cuh"

namespace libstack {
namespace {

constexpr int kThreads = 256;
constexpr int kItems = 4;

template <int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS) block_sums(const float *in, float *sums,
                                                      float *running, int count) {
  using Load = cub::BlockLoad<float, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Reduce = cub::BlockReduce<float, THREADS>;
  using Scan = cub::BlockScan<float, THREADS>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } storage;

  const int offset = blockIdx.x * THREADS * ITEMS;
  float items[ITEMS];
  Load(storage.load).Load(in + offset, items, count - offset, 0.0f);
  __syncthreads();
  float total = Reduce(storage.reduce).Sum(items);
  __syncthreads();
  float thread_sum = 0.0f;
  for (int i = 0; i < ITEMS; ++i) thread_sum += items[i];
  float before = 0.0f;
  Scan(storage.scan).ExclusiveSum(thread_sum, before);
  if (threadIdx.x == 0) sums[blockIdx.x] = total;
  if (offset + threadIdx.x * ITEMS < count) running[offset / ITEMS + threadIdx.x] = before;
}

struct Maximum {
  __device__ float operator()(float a, float b) const { return a < b ? b : a; }
};

// Warp-level maximum of each warp's values, for the bench's report.
__global__ void warp_maxima(const float *in, float *out, int count) {
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename WarpReduce::TempStorage storage[kThreads / 32];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int warp = threadIdx.x / 32;
  float value = i < count ? in[i] : -INFINITY;
  float best = WarpReduce(storage[warp]).Reduce(value, Maximum());
  if (threadIdx.x % 32 == 0) out[blockIdx.x * (kThreads / 32) + warp] = best;
}

}  // namespace

float block_and_device_sum(const float *values, float *sums, float *prefix, int count,
                           cudaStream_t stream) {
  const int blocks = (count + kThreads * kItems - 1) / (kThreads * kItems);
  block_sums<kThreads, kItems><<<blocks, kThreads, 0, stream>>>(values, sums, prefix, count);
  LS_CUDA_CHECK(cudaGetLastError());

  DeviceBuffer<float> total(1);
  void *temp = nullptr;
  size_t temp_bytes = 0;
  cub::DeviceReduce::Sum(temp, temp_bytes, sums, total.data(), blocks, stream);
  LS_CUDA_CHECK(cudaMallocAsync(&temp, temp_bytes, stream));
  cub::DeviceReduce::Sum(temp, temp_bytes, sums, total.data(), blocks, stream);
  LS_CUDA_CHECK(cudaFreeAsync(temp, stream));

  temp = nullptr;
  temp_bytes = 0;
  cub::DeviceScan::ExclusiveSum(temp, temp_bytes, sums, sums, blocks, stream);
  LS_CUDA_CHECK(cudaMallocAsync(&temp, temp_bytes, stream));
  cub::DeviceScan::ExclusiveSum(temp, temp_bytes, sums, sums, blocks, stream);
  LS_CUDA_CHECK(cudaFreeAsync(temp, stream));

  DeviceBuffer<float> maxima((count + 31) / 32 + kThreads / 32);
  warp_maxima<<<(count + kThreads - 1) / kThreads, kThreads, 0, stream>>>(values, maxima.data(),
                                                                          count);
  return total.download(stream)[0];
}

void sort_pairs(const unsigned *keys_in, unsigned *keys_out, const int *values_in,
                int *values_out, int count, cudaStream_t stream) {
  size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, keys_in, keys_out, values_in, values_out,
                                  count, 0, sizeof(unsigned) * 8, stream);
  DeviceBuffer<unsigned char> temp(temp_bytes);
  cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, keys_in, keys_out, values_in,
                                  values_out, count, 0, sizeof(unsigned) * 8, stream);
  LS_CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace libstack
