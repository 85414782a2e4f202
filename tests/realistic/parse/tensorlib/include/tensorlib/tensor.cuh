// A device array that owns its memory, and kernels that are members of class templates.
#pragma once
#include <cmath>
#include <type_traits>
#include <vector>

#include "config.cuh"
#include "detail/reduce.cuh"

namespace tl {

template <class T>
class DeviceArray {
 public:
  explicit DeviceArray(size_t n) : size_(n) { TL_TRY(cudaMalloc(&data_, n * sizeof(T))); }
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;
  ~DeviceArray() { cudaFree(data_); }

  void upload(const std::vector<T> &host) {
    TL_TRY(cudaMemcpy(data_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> host(size_);
    TL_TRY(cudaMemcpy(host.data(), data_, size_ * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }
  T *data() { return data_; }
  const T *data() const { return data_; }
  size_t size() const { return size_; }

 private:
  T *data_ = nullptr;
  size_t size_;
};

template <class T, int Block>
__global__ void sum_kernel(const T *in, T *out, long n) {
  T value = T(0);
  for (long i = blockIdx.x * (long)Block + threadIdx.x; i < n; i += (long)gridDim.x * Block)
    value += in[i];
  value = detail::block_reduce<Block>(value, detail::Plus<T>(), T(0));
  if (threadIdx.x == 0) atomicAdd(out, value);
}

// The host side of a reduction, a class template whose members launch kernel templates.
template <class T, int Block = TL_BLOCK>
struct Reduction {
  static T sum(const DeviceArray<T> &array, cudaStream_t stream = 0) {
    DeviceArray<T> result(1);
    TL_TRY(cudaMemsetAsync(result.data(), 0, sizeof(T), stream));
    int blocks = std::min(blocks_for(static_cast<long>(array.size()), Block), 1024);
    sum_kernel<T, Block><<<blocks, Block, 0, stream>>>(array.data(), result.data(), array.size());
    TL_TRY(cudaGetLastError());
    return result.download()[0];
  }
};

template <class T>
__global__ void scale_kernel(T *data, T factor, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * factor;
}

}  // namespace tl
