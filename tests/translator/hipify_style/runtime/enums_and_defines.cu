// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Enum types and values and #define'd constants of the runtime.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  // CHECK: hipDeviceAttribute_t attribute = hipDeviceAttributeComputeCapabilityMajor;
  cudaDeviceAttr attribute = cudaDevAttrComputeCapabilityMajor;
  // CHECK: hipLimit_t limit = hipLimitStackSize;
  cudaLimit limit = cudaLimitStackSize;
  // CHECK: hipFuncCache_t cache = hipFuncCachePreferL1;
  cudaFuncCache cache = cudaFuncCachePreferL1;
  // CHECK: hipMemoryAdvise advice = hipMemAdviseSetReadMostly;
  cudaMemoryAdvise advice = cudaMemAdviseSetReadMostly;
  // CHECK: hipStreamCaptureStatus capture = hipStreamCaptureStatusActive;
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusActive;
  // CHECK: hipError_t error = hipErrorDeinitialized;
  cudaError_t error = cudaErrorCudartUnloading;
  // CHECK: unsigned flags = hipHostRegisterMapped | hipHostRegisterDefault;
  unsigned flags = cudaHostRegisterMapped | cudaHostRegisterDefault;
  // CHECK: flags = hipDeviceScheduleAuto | hipDeviceMapHost;
  flags = cudaDeviceScheduleAuto | cudaDeviceMapHost;
  // CHECK: flags = hipIpcMemLazyEnablePeerAccess;
  flags = cudaIpcMemLazyEnablePeerAccess;
  // CHECK: flags = hipArrayDefault | hipArraySurfaceLoadStore;
  flags = cudaArrayDefault | cudaArraySurfaceLoadStore;
  // CHECK: flags = hipEventDefault | hipEventDisableTiming;
  flags = cudaEventDefault | cudaEventDisableTiming;
  // CHECK: int device = hipCpuDeviceId;
  int device = cudaCpuDeviceId;
  // CHECK: switch (attribute) { case hipDeviceAttributeWarpSize: break; default: break; }
  switch (attribute) { case cudaDevAttrWarpSize: break; default: break; }
  return (int)limit + (int)cache + (int)advice + (int)capture + (int)error + (int)flags + device;
}
