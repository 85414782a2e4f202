// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hipfft/hipfft.h>
#include <cufft.h>

int main() {
  const int n = 256;
  // CHECK: hipfftComplex *signal;
  cufftComplex *signal;
  // CHECK: hipfftReal *real;
  cufftReal *real;
  // CHECK: hipfftDoubleComplex *wide;
  cufftDoubleComplex *wide;
  // CHECK: hipMalloc(&signal, n * sizeof(hipfftComplex));
  cudaMalloc(&signal, n * sizeof(cufftComplex));
  // CHECK: hipfftHandle plan, plan_r2c, plan_2d;
  cufftHandle plan, plan_r2c, plan_2d;
  // CHECK: hipfftResult result = hipfftPlan1d(&plan, n, HIPFFT_C2C, 1);
  cufftResult result = cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  // CHECK: if (result != HIPFFT_SUCCESS) return 1;
  if (result != CUFFT_SUCCESS) return 1;
  // CHECK: hipfftPlan1d(&plan_r2c, n, HIPFFT_R2C, 1);
  cufftPlan1d(&plan_r2c, n, CUFFT_R2C, 1);
  // CHECK: hipfftPlan2d(&plan_2d, 16, 16, HIPFFT_C2C);
  cufftPlan2d(&plan_2d, 16, 16, CUFFT_C2C);
  // CHECK: hipfftSetStream(plan, 0);
  cufftSetStream(plan, 0);
  // CHECK: hipfftExecC2C(plan, signal, signal, HIPFFT_FORWARD);
  cufftExecC2C(plan, signal, signal, CUFFT_FORWARD);
  // CHECK: hipfftExecC2C(plan, signal, signal, HIPFFT_BACKWARD);
  cufftExecC2C(plan, signal, signal, CUFFT_INVERSE);
  // CHECK: hipfftExecR2C(plan_r2c, real, signal);
  cufftExecR2C(plan_r2c, real, signal);
  // CHECK: hipfftDestroy(plan);
  cufftDestroy(plan);
  return 0;
}
