// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --cuda-kernel-execution-syntax %clang_args

// --cuda-kernel-execution-syntax keeps the CUDA launch syntax.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void k(float *p, float v) { p[threadIdx.x] = v; }

int main() {
  float *p;
  // CHECK: k<<<2, 32>>>(p, 1.0f);
  k<<<2, 32>>>(p, 1.0f);
  return 0;
}
