// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// A file without any CUDA include that uses CUDA gets the HIP runtime header, after
// its #pragma once.

// CHECK: #pragma once
// CHECK-NEXT: #include <hip/hip_runtime.h>
#pragma once
// CHECK: #include <vector>
#include <vector>

__global__ void kernel(float *x) { x[threadIdx.x] *= 2.0f; }

// CHECK: inline void launch(float *x, hipStream_t s) { kernel<<<1, 32, 0, s>>>(x); }
inline void launch(float *x, cudaStream_t s) { kernel<<<1, 32, 0, s>>>(x); }
