// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Names HIP does not support are left as they are (and reported); the rest of the
// line is still translated.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  // CHECK: hipError_t e = cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner);
  cudaError_t e = cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner);
  // CHECK: if (e == hipSuccess) e = cudaSetDoubleForDevice(nullptr);
  if (e == cudaSuccess) e = cudaSetDoubleForDevice(nullptr);
  // CHECK: hipStream_t s;
  cudaStream_t s;
  // CHECK: cudaStreamGetId(s, nullptr);
  cudaStreamGetId(s, nullptr);
  return 0;
}
