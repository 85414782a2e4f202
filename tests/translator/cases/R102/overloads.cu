// check: nvcc hipcc
#include <cuda_runtime.h>

__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }

int main() {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop, cudaEventBlockingSync);
  cudaEventCreate(
      &stop,
      cudaEventDisableTiming);
  float *host = nullptr;
  cudaMallocHost(&host, 64 * sizeof(float));
  cudaMallocHost((void **)&host, 64 * sizeof(float), cudaHostAllocDefault);
  cudaFuncAttributes attributes;
  cudaFuncGetAttributes(&attributes, scale);
  cudaFuncSetCacheConfig(scale, cudaFuncCachePreferShared);
  cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  cudaFuncSetCacheConfig((const void *)scale, cudaFuncCachePreferL1);
  void *arguments[] = {&host};
  cudaLaunchKernel(scale, dim3(1), dim3(64), arguments, 0, 0);
  cudaLaunchKernel(scale, dim3(1), dim3(64), arguments);
  cudaLaunchCooperativeKernel((void *)scale, dim3(1), dim3(64), arguments);
  cudaLaunchCooperativeKernel((void *)scale, dim3(1), dim3(64), arguments, 0);
  cudaFreeHost(host);
  return 0;
}
