// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// __nv_bfloat16 becomes __hip_bfloat16 of hip/hip_bf16.h (HIP 5.7 on), whose bfloat16
// intrinsics keep their CUDA names. HIPIFY 6.3's table names the older hip_bfloat16
// class instead, which those intrinsics do not accept.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_bf16.h>
#include <cuda_bf16.h>

// CHECK: __global__ void widen(const __hip_bfloat16 *in, float *out, int n) {
__global__ void widen(const __nv_bfloat16 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: if (i < n) out[i] = __bfloat162float(in[i]);
  if (i < n) out[i] = __bfloat162float(in[i]);
}

int main() {
  // CHECK: __hip_bfloat16 *buffer;
  __nv_bfloat16 *buffer;
  // CHECK: hipMalloc(&buffer, 64 * sizeof(__hip_bfloat16));
  cudaMalloc(&buffer, 64 * sizeof(__nv_bfloat16));
  return 0;
}
