// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args -D__CUDA_API_VERSION_INTERNAL

// Device management calls of the runtime API.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <stdio.h>

int main() {
  int count = 0;
  int device = 0;
  // CHECK: hipError_t status = hipGetDeviceCount(&count);
  cudaError_t status = cudaGetDeviceCount(&count);
  // CHECK: status = hipSetDevice(device);
  status = cudaSetDevice(device);
  // CHECK: status = hipGetDevice(&device);
  status = cudaGetDevice(&device);
  // CHECK: hipDeviceProp_t props;
  cudaDeviceProp props;
  // CHECK: status = hipGetDeviceProperties(&props, device);
  status = cudaGetDeviceProperties(&props, device);
  // CHECK: status = hipChooseDevice(&device, &props);
  status = cudaChooseDevice(&device, &props);
  int value = 0;
  // CHECK: status = hipDeviceGetAttribute(&value, hipDeviceAttributeMaxThreadsPerBlock, device);
  status = cudaDeviceGetAttribute(&value, cudaDevAttrMaxThreadsPerBlock, device);
  // CHECK: status = hipDeviceSetCacheConfig(hipFuncCachePreferL1);
  status = cudaDeviceSetCacheConfig(cudaFuncCachePreferL1);
  size_t limit = 0;
  // CHECK: status = hipDeviceGetLimit(&limit, hipLimitStackSize);
  status = cudaDeviceGetLimit(&limit, cudaLimitStackSize);
  // CHECK: status = hipSetDeviceFlags(hipDeviceScheduleBlockingSync | hipDeviceMapHost);
  status = cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost);
  unsigned int flags = 0;
  // CHECK: status = hipGetDeviceFlags(&flags);
  status = cudaGetDeviceFlags(&flags);
  int low = 0, high = 0;
  // CHECK: status = hipDeviceGetStreamPriorityRange(&low, &high);
  status = cudaDeviceGetStreamPriorityRange(&low, &high);
  char bus[64];
  // CHECK: status = hipDeviceGetPCIBusId(bus, 64, device);
  status = cudaDeviceGetPCIBusId(bus, 64, device);
  // CHECK: status = hipDeviceGetByPCIBusId(&device, bus);
  status = cudaDeviceGetByPCIBusId(&device, bus);
  // CHECK: hipMemPool_t pool;
  cudaMemPool_t pool;
  // CHECK: status = hipDeviceGetDefaultMemPool(&pool, device);
  status = cudaDeviceGetDefaultMemPool(&pool, device);
  // CHECK: status = hipDeviceSynchronize();
  status = cudaDeviceSynchronize();
  // Deprecated thread-level names map to the device-level HIP calls.
  // CHECK: status = hipDeviceSynchronize();
  status = cudaThreadSynchronize();
  // CHECK: status = hipDeviceReset();
  status = cudaDeviceReset();
  // CHECK: if (status != hipSuccess) printf("%s\n", hipGetErrorString(status));
  if (status != cudaSuccess) printf("%s\n", cudaGetErrorString(status));
  return 0;
}
