// check: nvcc
// Compatibility macros in the style of inference-kernel libraries: one switch, USE_ROCM,
// set by the project's HIP build.
#ifdef USE_ROCM
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>
namespace cub = hipcub;
#else
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#endif

#ifndef USE_ROCM
#define LANES_PER_WARP 32
#define SHUFFLE_XOR(value, mask) __shfl_xor_sync(0xffffffffu, value, mask)
#else
#define LANES_PER_WARP warpSize
#define SHUFFLE_XOR(value, mask) __shfl_xor(value, mask)
#endif

#if !defined(USE_ROCM)
// Only the CUDA build has a tuned path for Hopper.
__global__ void tuned_copy(const float *in, float *out) {
  out[threadIdx.x] = __ldg(in + threadIdx.x);
}
#endif

__global__ void butterfly(float *data) {
  float value = data[threadIdx.x];
  for (int mask = LANES_PER_WARP / 2; mask > 0; mask /= 2) {
    value += SHUFFLE_XOR(value, mask);
  }
  data[threadIdx.x] = value;
}

void sum_all(const float *in, float *out, int count, cudaStream_t stream) {
  void *scratch = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(scratch, bytes, in, out, count, stream);
}
