// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: bool on_device(const void *p) {
bool on_device(const void *p) {
  // CHECK: hipPointerAttribute_t attributes;
  cudaPointerAttributes attributes;
  // CHECK: if (hipPointerGetAttributes(&attributes, p) != hipSuccess) return false;
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) return false;
  // CHECK: return attributes.type == hipMemoryTypeDevice || attributes.type == hipMemoryTypeManaged;
  return attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
}
