// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// The _v2 spellings of driver functions map to the same HIP functions.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>

int main() {
  // CHECK: hipDeviceptr_t p;
  CUdeviceptr p;
  // CHECK: hipMalloc(&p, 64);
  cuMemAlloc_v2(&p, 64);
  size_t free_bytes, total_bytes;
  // CHECK: hipMemGetInfo(&free_bytes, &total_bytes);
  cuMemGetInfo_v2(&free_bytes, &total_bytes);
  // CHECK: hipFree(p);
  cuMemFree_v2(p);
  // CHECK: hipEvent_t event;
  CUevent event;
  // CHECK: hipEventCreateWithFlags(&event, hipEventDefault);
  cuEventCreate(&event, CU_EVENT_DEFAULT);
  return 0;
}
