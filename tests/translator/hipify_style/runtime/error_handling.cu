// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// Error codes, error queries and a user error-checking macro.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

// CHECK: #define CHECK_CUDA(call) do { hipError_t e = (call); if (e != hipSuccess) { fprintf(stderr, "%s: %s\n", hipGetErrorName(e), hipGetErrorString(e)); exit(1); } } while (0)
#define CHECK_CUDA(call) do { cudaError_t e = (call); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", cudaGetErrorName(e), cudaGetErrorString(e)); exit(1); } } while (0)

// CHECK: const char *describe(hipError_t error) {
const char *describe(cudaError_t error) {
  switch (error) {
    // CHECK: case hipErrorInvalidValue: return "invalid value";
    case cudaErrorInvalidValue: return "invalid value";
    // CHECK: case hipErrorOutOfMemory: return "out of memory";
    case cudaErrorMemoryAllocation: return "out of memory";
    // CHECK: case hipErrorNotReady: return "not ready";
    case cudaErrorNotReady: return "not ready";
    // CHECK: case hipErrorInvalidDevice: return "invalid device";
    case cudaErrorInvalidDevice: return "invalid device";
    // CHECK: case hipErrorNoDevice: return "no device";
    case cudaErrorNoDevice: return "no device";
    // CHECK: case hipErrorIllegalAddress: return "illegal address";
    case cudaErrorIllegalAddress: return "illegal address";
    // CHECK: case hipErrorLaunchFailure: return "launch failure";
    case cudaErrorLaunchFailure: return "launch failure";
    default: return "other";
  }
}

int main() {
  // CHECK: CHECK_CUDA(hipSetDevice(0));
  CHECK_CUDA(cudaSetDevice(0));
  // CHECK: hipError_t last = hipGetLastError();
  cudaError_t last = cudaGetLastError();
  // CHECK: last = hipPeekAtLastError();
  last = cudaPeekAtLastError();
  // The message text is a string literal: hipify leaves it alone.
  // CHECK: printf("cudaGetLastError: %s\n", describe(last));
  printf("cudaGetLastError: %s\n", describe(last));
  return last == cudaSuccess ? 0 : 1;
}
