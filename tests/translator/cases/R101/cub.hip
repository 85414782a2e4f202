// check: nvcc
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

template <int BLOCK>
__global__ void block_sum(const int *in, int *out) {
  typedef hipcub::BlockReduce<int, BLOCK> Reduce;
  __shared__ typename Reduce::TempStorage storage;
  int total = Reduce(storage).Sum(in[blockIdx.x * BLOCK + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

int device_sum(const int *in, int *out, int n) {
  void *temp = nullptr;
  size_t bytes = 0;
  hipcub::DeviceReduce::Sum(temp, bytes, in, out, n);
  hipMalloc(&temp, bytes);
  hipcub::DeviceReduce::Sum(temp, bytes, in, out, n);
  block_sum<128><<<n / 128, 128>>>(in, out);
  hipFree(temp);
  return 0;
}
