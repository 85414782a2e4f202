// check: nvcc rocm-6.4
// A project that picks Thrust's CUDA system by name: its headers, its namespace for the
// stream-ordered policy, and the device-system test of a config header.
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include "thrust/system/cuda/memory.h"

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#define SORT_ON_GPU 1
#else
#define SORT_ON_GPU 0
#endif

namespace gpu_policy = thrust::cuda;

void sort_keys(thrust::device_vector<int> &keys, cudaStream_t stream) {
  static_assert(SORT_ON_GPU, "the device system must be the GPU");
  thrust::sort(thrust::cuda::par.on(stream), keys.begin(), keys.end());
  thrust::sort(thrust::system::cuda::par.on(stream), keys.begin(), keys.end());
  thrust::sort(gpu_policy::par.on(stream), keys.begin(), keys.end());
}
