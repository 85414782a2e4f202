// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// cuda.h and cuda_runtime.h both mean the HIP runtime header: it is written once,
// at the first of them; later ones leave an empty line. A header without a HIP
// counterpart (device_launch_parameters.h) is removed the same way.

// CHECK: #include <hip/hip_runtime.h>
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: #include <iostream>
#include <cuda.h>
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <iostream>
// CHECK-NOT: #include <hip/hip_runtime.h>
// CHECK-NOT: cuda_runtime.h

__global__ void k(int *p) { p[threadIdx.x] = 0; }

int main() {
  int *p;
  // CHECK: hipMalloc(&p, 4);
  cudaMalloc(&p, 4);
  return 0;
}
