// Common helpers for the dlk kernels: error checks, packed vector loads,
// warp and block reductions. Device code only compiles under nvcc.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <type_traits>

#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define CUDA_CHECK(call)                                                          \
  do {                                                                            \
    cudaError_t err_ = (call);                                                    \
    if (err_ != cudaSuccess) {                                                    \
      fprintf(stderr, "[CUDA ERROR] at file %s:%d:\n%s\n", __FILE__, __LINE__,    \
              cudaGetErrorString(err_));                                          \
      exit(EXIT_FAILURE);                                                         \
    }                                                                             \
  } while (0)

// Checks the last launch without synchronizing (cheap enough for every launch).
#define CUDA_KERNEL_CHECK() CUDA_CHECK(cudaGetLastError())

namespace dlk {

constexpr int WARP_SIZE = 32;

template <class T>
__host__ __device__ constexpr T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}

// 128-bit packed values: the unit of every vectorized load and store.
template <class ElementType>
struct alignas(16) Packed128 {
  static constexpr size_t size = sizeof(int4) / sizeof(ElementType);
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) {
    static_assert(sizeof(bits) == sizeof(payload), "Size mismatch.");
    memcpy(&payload, &bits, sizeof(bits));
  }
  __device__ static Packed128 constant(ElementType value) {
    Packed128 result;
    for (int k = 0; k < size; ++k) result.payload[k] = value;
    return result;
  }
  __device__ ElementType &operator[](int index) { return payload[index]; }
  __device__ const ElementType &operator[](int index) const { return payload[index]; }
  __device__ int4 get_bits() const {
    int4 bits;
    memcpy(&bits, &payload, sizeof(bits));
    return bits;
  }
  ElementType payload[size];
};

template <class ElementType>
__device__ Packed128<ElementType> load128(const ElementType *address) {
  return Packed128<ElementType>{*reinterpret_cast<const int4 *>(address)};
}
// Load that bypasses L1: the data is streamed once.
template <class ElementType>
__device__ Packed128<ElementType> load128cs(const ElementType *address) {
  return Packed128<ElementType>{__ldcs(reinterpret_cast<const int4 *>(address))};
}
template <class ElementType>
__device__ void store128(ElementType *target, Packed128<ElementType> value) {
  *reinterpret_cast<int4 *>(target) = value.get_bits();
}

using f128 = Packed128<float>;
using h128 = Packed128<half>;

__device__ __forceinline__ float warpReduceSum(float val) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    val += __shfl_xor_sync(0xffffffff, val, offset);
  }
  return val;
}

__device__ __forceinline__ float warpReduceMax(float val) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, offset));
  }
  return val;
}

// Block-wide reduction through one shared slot per warp (at most 32 warps).
using reduction_func_t = float (*)(float);
template <reduction_func_t warp_reduction>
__device__ inline float blockReduce(float val, bool final_sync = false, float out_of_bounds = 0.0f) {
  __shared__ float shared_val[WARP_SIZE];
  const int lane_id = threadIdx.x % WARP_SIZE;
  const int warp_id = threadIdx.x / WARP_SIZE;
  const int num_warps = blockDim.x / WARP_SIZE;

  float warp_val = warp_reduction(val);
  if (lane_id == 0) {
    shared_val[warp_id] = warp_val;
  }
  __syncthreads();
  warp_val = (lane_id < num_warps) ? shared_val[lane_id] : out_of_bounds;
  float block_val = warp_reduction(warp_val);
  if (final_sync) {
    __syncthreads();  // only needed in loops when effectively reusing shared memory
  }
  return block_val;
}

}  // namespace dlk
