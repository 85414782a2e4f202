#include "dualgpu/gpu_vendor.h"
#include "dualgpu/reduce.cuh"

__global__ void bin_values(const float *DUALGPU_NOALIAS values, int count,
                           unsigned *DUALGPU_NOALIAS bins, int bin_count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    int bin = min(bin_count - 1, max(0, int(values[i] * bin_count)));
    atomicAdd(&bins[bin], 1u);
  }
}

__global__ void sum_values(const float *values, int count, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float value = lane_group_sum(i < count ? values[i] : 0.0f);
  if (threadIdx.x % kReductionLanes == 0) {
    atomicAdd(total, value);
  }
}

cudaError_t histogram(const float *values, int count, unsigned *bins, int bin_count,
                      cudaStream_t stream) {
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  DUALGPU_CHECK(cudaMemsetAsync(bins, 0, bin_count * sizeof(unsigned), stream));
#if CUDART_VERSION >= 12000
  // Let the next kernel in the stream start its prologue while this one drains.
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  config.stream = stream;
  cudaLaunchAttribute overlap[1];
  overlap[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  overlap[0].val.programmaticStreamSerializationAllowed = 1;
  config.attrs = overlap;
  config.numAttrs = 1;
  DUALGPU_CHECK(cudaLaunchKernelEx(&config, bin_values, values, count, bins, bin_count));
#else
  bin_values<<<blocks, threads, 0, stream>>>(values, count, bins, bin_count);
  DUALGPU_CHECK(cudaGetLastError());
#endif
  return cudaSuccess;
}

cudaError_t total(const float *values, int count, float *result, cudaStream_t stream) {
#if defined(DUALGPU_HAVE_DEVICE_REDUCE)
  void *scratch = nullptr;
  size_t scratch_bytes = 0;
  DUALGPU_CHECK(cub::DeviceReduce::Sum(scratch, scratch_bytes, values, result, count, stream));
  DUALGPU_CHECK(cudaMalloc(&scratch, scratch_bytes));
  DUALGPU_CHECK(cub::DeviceReduce::Sum(scratch, scratch_bytes, values, result, count, stream));
  DUALGPU_CHECK(cudaFree(scratch));
#else
  DUALGPU_CHECK(cudaMemsetAsync(result, 0, sizeof(float), stream));
  sum_values<<<(count + 255) / 256, 256, 0, stream>>>(values, count, result);
  DUALGPU_CHECK(cudaGetLastError());
#endif
  return cudaSuccess;
}

const char *compiled_with() {
#if defined(__NVCC__)
  return "nvcc";
#elif defined(__HIPCC__)
  return "hipcc";
#else
  return "a host compiler";
#endif
}
