// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// nvcc includes the CUDA runtime implicitly; hipcc does not: the HIP runtime header is
// added once, before the first include.

// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <cstdio>
#include <cstdio>
// CHECK-NOT: #include <hip/hip_runtime.h>

__global__ void hello() { printf("block %d\n", blockIdx.x); }

int main() {
  hello<<<2, 1>>>();
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  return 0;
}
