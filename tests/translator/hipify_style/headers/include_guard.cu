// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// With an include guard, the HIP runtime header is added inside the guard.

// CHECK: #ifndef SCALE_KERNELS_CU
// CHECK-NEXT: #define SCALE_KERNELS_CU
// CHECK-NEXT: #include <hip/hip_runtime.h>
#ifndef SCALE_KERNELS_CU
#define SCALE_KERNELS_CU
#include <cstdio>

__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }

#endif
