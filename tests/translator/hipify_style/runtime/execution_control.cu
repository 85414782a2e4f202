// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// Function attributes and cache configuration: HIP takes the kernel as const void*.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void kernel(float *x) { x[threadIdx.x] = 0.0f; }

int main() {
  // CHECK: hipFuncAttributes attributes;
  cudaFuncAttributes attributes;
  // CHECK: hipFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kernel));
  cudaFuncGetAttributes(&attributes, kernel);
  // CHECK: hipFuncSetCacheConfig(reinterpret_cast<const void*>(kernel), hipFuncCachePreferShared);
  cudaFuncSetCacheConfig(kernel, cudaFuncCachePreferShared);
  // CHECK: hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  float *x;
  void *args[] = {&x};
  // CHECK: hipLaunchKernel({{.*}}kernel{{.*}}, dim3(1), dim3(64), args, 0, 0);
  cudaLaunchKernel((const void *)kernel, dim3(1), dim3(64), args, 0, 0);
  // CHECK: hipLaunchCooperativeKernel({{.*}}kernel{{.*}}, dim3(1), dim3(64), args, 0, 0);
  cudaLaunchCooperativeKernel((void *)kernel, dim3(1), dim3(64), args, 0, 0);
  return 0;
}
