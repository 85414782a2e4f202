// check: nvcc
// Shuffle wrappers that take the lane mask as a parameter with a full-warp default:
// the parameter becomes 64-bit and its default the 64-lane mask. A parameter without a
// default becomes 64-bit too, with a note: its callers decide the value.
#include <hip/hip_runtime.h>

template <typename T>
__device__ __forceinline__ T shuffle_down(T value, unsigned int offset, int width = 32,
                                          unsigned long long mask = 0xffffffffffffffff) {
  return __shfl_down_sync(mask, value, offset, width);
}

__device__ __forceinline__ float shuffle_xor(float value, int lane_mask, unsigned long long mask = 0xffffffffffffffff) {
  return __shfl_xor_sync(mask, value, lane_mask);
}

__device__ float shuffle_with(unsigned long long mask, float value) {
  return __shfl_sync(mask, value, 0);
}

__global__ void reduce(float *data) {
  float value = data[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) {
    value += shuffle_down(value, offset);
    value += shuffle_xor(value, offset);
  }
  data[threadIdx.x] = shuffle_with(0xffffffff, value);
}

__device__ float broadcast(float value, unsigned long long mask) {
  return __shfl_sync(mask, value, 0);
}
