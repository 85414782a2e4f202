// check: nvcc hipcc
#include <hip/hip_runtime.h>

__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }

int main() {
  hipEvent_t start, stop;
  hipEventCreate(&start);
  hipEventCreateWithFlags(&stop, hipEventBlockingSync);
  hipEventCreateWithFlags(
      &stop,
      hipEventDisableTiming);
  float *host = nullptr;
  hipHostMalloc(&host, 64 * sizeof(float), hipHostMallocDefault);
  hipHostMalloc((void **)&host, 64 * sizeof(float), hipHostMallocDefault);
  hipFuncAttributes attributes;
  hipFuncGetAttributes(&attributes, reinterpret_cast<const void*>(scale));
  hipFuncSetCacheConfig(reinterpret_cast<const void*>(scale), hipFuncCachePreferShared);
  hipFuncSetAttribute(reinterpret_cast<const void*>(scale), hipFuncAttributeMaxDynamicSharedMemorySize, 1024);
  hipFuncSetCacheConfig((const void *)scale, hipFuncCachePreferL1);
  void *arguments[] = {&host};
  hipLaunchKernel(reinterpret_cast<const void*>(scale), dim3(1), dim3(64), arguments, 0, 0);
  hipLaunchKernel(reinterpret_cast<const void*>(scale), dim3(1), dim3(64), arguments);
  hipLaunchCooperativeKernel((void *)scale, dim3(1), dim3(64), arguments, 0, 0);
  hipLaunchCooperativeKernel((void *)scale, dim3(1), dim3(64), arguments, 0, 0);
  hipHostFree(host);
  return 0;
}
