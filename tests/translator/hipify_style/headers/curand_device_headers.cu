// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// cuRAND's device headers all become hiprand/hiprand_kernel.h, written once.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hiprand/hiprand_kernel.h>
#include <curand_kernel.h>
// CHECK-NOT: #include <hiprand/hiprand_kernel.h>
#include <curand_normal.h>
#include <curand_uniform.h>
#include <curand_philox4x32_x.h>

// CHECK: __global__ void k(hiprandStatePhilox4_32_10_t *s, float *out) { out[threadIdx.x] = hiprand_normal(&s[threadIdx.x]); }
__global__ void k(curandStatePhilox4_32_10_t *s, float *out) { out[threadIdx.x] = curand_normal(&s[threadIdx.x]); }
