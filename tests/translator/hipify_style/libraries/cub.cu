// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CUB becomes hipCUB: the header and the cub namespace (also in using-directives).

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>

template <int BlockThreads>
__global__ void block_total(const int *in, int *out) {
  // CHECK: typedef hipcub::BlockReduce<int, BlockThreads> BlockReduceT;
  typedef cub::BlockReduce<int, BlockThreads> BlockReduceT;
  __shared__ typename BlockReduceT::TempStorage storage;
  int total = BlockReduceT(storage).Sum(in[blockIdx.x * BlockThreads + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

// CHECK: using namespace hipcub;
using namespace cub;

int main() {
  int *in, *out;
  void *scratch = nullptr;
  size_t scratch_bytes = 0;
  // CHECK: hipcub::DeviceReduce::Sum(scratch, scratch_bytes, in, out, 1024);
  cub::DeviceReduce::Sum(scratch, scratch_bytes, in, out, 1024);
  // CHECK: hipMalloc(&scratch, scratch_bytes);
  cudaMalloc(&scratch, scratch_bytes);
  // CHECK: hipcub::DeviceScan::ExclusiveSum(scratch, scratch_bytes, in, out, 1024);
  cub::DeviceScan::ExclusiveSum(scratch, scratch_bytes, in, out, 1024);
  // CHECK: ::hipcub::DeviceRadixSort::SortKeys(scratch, scratch_bytes, in, out, 1024);
  ::cub::DeviceRadixSort::SortKeys(scratch, scratch_bytes, in, out, 1024);
  return 0;
}
