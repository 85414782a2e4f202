// check: nvcc hipcc
// A source shared by the project's CUDA and HIP builds: the HIP paths are its own.
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#define GPU_TRY(call) \
  do { if ((call) != hipSuccess) return -1; } while (0)
#else
#include <cuda_runtime.h>
#define GPU_TRY(call) \
  do { if ((call) != cudaSuccess) return -1; } while (0)
#endif

__device__ inline float swap_neighbours(float value) {
#ifdef __HIP_PLATFORM_AMD__
  return __shfl_xor(value, 1);
#else
  return __shfl_xor_sync(0xffffffffu, value, 1);
#endif
}

__global__ void swap_pairs(float *data) {
  data[threadIdx.x] = swap_neighbours(data[threadIdx.x]);
}

int swap_on_device(float *host, int count) {
  float *device = nullptr;
  GPU_TRY(cudaMalloc(&device, count * sizeof(float)));
  GPU_TRY(cudaMemcpy(device, host, count * sizeof(float), cudaMemcpyHostToDevice));
  swap_pairs<<<1, count>>>(device);
  GPU_TRY(cudaMemcpy(host, device, count * sizeof(float), cudaMemcpyDeviceToHost));
  return cudaFree(device) == cudaSuccess ? 0 : -1;
}
