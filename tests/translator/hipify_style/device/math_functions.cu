// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Device math functions and intrinsics keep their names in HIP.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void math(float *f, double *d, int *i, unsigned *u) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  // CHECK: f[t] = sinf(f[t]) + cosf(f[t]) + expf(f[t]) + logf(f[t]) + sqrtf(f[t]) + rsqrtf(f[t]);
  f[t] = sinf(f[t]) + cosf(f[t]) + expf(f[t]) + logf(f[t]) + sqrtf(f[t]) + rsqrtf(f[t]);
  // CHECK: f[t] = __fdividef(f[t], 3.0f) + __sinf(f[t]) + __expf(f[t]) + __powf(f[t], 2.0f);
  f[t] = __fdividef(f[t], 3.0f) + __sinf(f[t]) + __expf(f[t]) + __powf(f[t], 2.0f);
  // CHECK: f[t] = __saturatef(f[t]) + __fmaf_rn(f[t], 2.0f, 1.0f) + fmaxf(f[t], 0.0f);
  f[t] = __saturatef(f[t]) + __fmaf_rn(f[t], 2.0f, 1.0f) + fmaxf(f[t], 0.0f);
  // CHECK: d[t] = sin(d[t]) + exp(d[t]) + fma(d[t], 2.0, 1.0) + rsqrt(d[t]);
  d[t] = sin(d[t]) + exp(d[t]) + fma(d[t], 2.0, 1.0) + rsqrt(d[t]);
  // CHECK: f[t] = __double2float_rn(d[t]) + __int_as_float(i[t]) + __uint_as_float(u[t]);
  f[t] = __double2float_rn(d[t]) + __int_as_float(i[t]) + __uint_as_float(u[t]);
  // CHECK: i[t] = __popc(u[t]) + __ffs(i[t]) + __clz(i[t]) + __float_as_int(f[t]);
  i[t] = __popc(u[t]) + __ffs(i[t]) + __clz(i[t]) + __float_as_int(f[t]);
  // CHECK: u[t] = __brev(u[t]) + __umulhi(u[t], 3u) + __mul24(i[t], 2);
  u[t] = __brev(u[t]) + __umulhi(u[t], 3u) + __mul24(i[t], 2);
  // CHECK: long long started = clock64();
  long long started = clock64();
  // CHECK: __syncthreads();
  __syncthreads();
  // CHECK: int any = __syncthreads_or(f[t] > 0.0f);
  int any = __syncthreads_or(f[t] > 0.0f);
  // CHECK: __threadfence();
  __threadfence();
  // CHECK: __threadfence_block();
  __threadfence_block();
  // CHECK: f[t] += __ldg(&f[0]) + any + (float)started;
  f[t] += __ldg(&f[0]) + any + (float)started;
}
