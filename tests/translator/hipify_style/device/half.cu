// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_fp16.h>
#include <cuda_fp16.h>

__global__ void axpy_half(__half a, const __half *x, __half *y, __half2 *pairs, float *out) {
  int i = threadIdx.x;
  // CHECK: y[i] = __hfma(a, x[i], y[i]);
  y[i] = __hfma(a, x[i], y[i]);
  // CHECK: __half b = __float2half(2.0f);
  __half b = __float2half(2.0f);
  // CHECK: __half c = __hadd(__hmul(a, b), __float2half_rn(1.0f));
  __half c = __hadd(__hmul(a, b), __float2half_rn(1.0f));
  // CHECK: if (__hlt(c, a) || __heq(c, b) || __hisnan(c)) c = hsqrt(a);
  if (__hlt(c, a) || __heq(c, b) || __hisnan(c)) c = hsqrt(a);
  // CHECK: __half2 p = __floats2half2_rn(1.0f, 2.0f);
  __half2 p = __floats2half2_rn(1.0f, 2.0f);
  // CHECK: pairs[i] = h2sqrt(__hadd2(pairs[i], p));
  pairs[i] = h2sqrt(__hadd2(pairs[i], p));
  // CHECK: out[i] = __half2float(c) + __low2float(p) + __high2float(p);
  out[i] = __half2float(c) + __low2float(p) + __high2float(p);
}
