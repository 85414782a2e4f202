// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// __nv_bfloat16 becomes hip_bfloat16 (HIPIFY 6.3's table); the table marks most
// bfloat16 intrinsics unsupported, so they stay as they are.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cuda_bf16.h>

// CHECK: __global__ void widen(const hip_bfloat16 *in, float *out, int n) {
__global__ void widen(const __nv_bfloat16 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: if (i < n) out[i] = __bfloat162float(in[i]);
  if (i < n) out[i] = __bfloat162float(in[i]);
}

int main() {
  // CHECK: hip_bfloat16 *buffer;
  __nv_bfloat16 *buffer;
  // CHECK: hipMalloc(&buffer, 64 * sizeof(hip_bfloat16));
  cudaMalloc(&buffer, 64 * sizeof(__nv_bfloat16));
  return 0;
}
