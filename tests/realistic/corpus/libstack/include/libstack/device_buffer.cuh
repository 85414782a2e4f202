// A typed device allocation that frees itself, with host copies.
#pragma once

#include <cstddef>
#include <vector>

#include "libstack/status.h"

namespace libstack {

template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    LS_CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&data_), bytes()));
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { cudaFree(data_); }

  T *data() { return data_; }
  const T *data() const { return data_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

  void upload(const std::vector<T> &host, cudaStream_t stream = 0) {
    LS_CUDA_CHECK(cudaMemcpyAsync(data_, host.data(), bytes(), cudaMemcpyHostToDevice, stream));
  }
  std::vector<T> download(cudaStream_t stream = 0) const {
    std::vector<T> host(count_);
    LS_CUDA_CHECK(cudaMemcpyAsync(host.data(), data_, bytes(), cudaMemcpyDeviceToHost, stream));
    LS_CUDA_CHECK(cudaStreamSynchronize(stream));
    return host;
  }

 private:
  T *data_ = nullptr;
  std::size_t count_;
};

}  // namespace libstack
