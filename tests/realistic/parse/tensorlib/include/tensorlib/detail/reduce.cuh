// Warp and block reductions written as templates over the value and the operation.
#pragma once
#include <cooperative_groups.h>
#include <cuda_fp16.h>

namespace tl {
namespace detail {

template <class T>
struct Plus {
  __host__ __device__ T operator()(T a, T b) const { return a + b; }
};

template <class T>
struct Larger {
  __host__ __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

template <class T, class Op>
__device__ T warp_reduce(T value, Op op) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    value = op(value, __shfl_down_sync(0xffffffffu, value, offset));
  return value;
}

template <int Block, class T, class Op>
__device__ T block_reduce(T value, Op op, T identity) {
  __shared__ T partial[Block / 32];
  namespace cg = cooperative_groups;
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  value = warp_reduce(value, op);
  if (warp.thread_rank() == 0) partial[warp.meta_group_rank()] = value;
  block.sync();
  value = threadIdx.x < Block / 32 ? partial[threadIdx.x] : identity;
  if (warp.meta_group_rank() == 0) value = warp_reduce(value, op);
  return value;
}

}  // namespace detail
}  // namespace tl
