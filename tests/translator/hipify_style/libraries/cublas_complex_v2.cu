// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Complex cuBLAS functions map to hipBLAS's _v2 functions (HIP complex types).

// CHECK: #include "hipblas/hipblas.h"
#include "cublas_v2.h"
// CHECK: #include <hip/hip_complex.h>
#include <cuComplex.h>

// CHECK: void run(hipblasHandle_t handle, int n, hipComplex *x, hipComplex *y, hipDoubleComplex *a, hipDoubleComplex *b, hipDoubleComplex *c) {
void run(cublasHandle_t handle, int n, cuComplex *x, cuComplex *y, cuDoubleComplex *a, cuDoubleComplex *b, cuDoubleComplex *c) {
  // CHECK: hipComplex alpha = make_hipComplex(1.0f, 0.0f);
  cuComplex alpha = make_cuComplex(1.0f, 0.0f);
  // CHECK: hipblasCaxpy_v2(handle, n, &alpha, x, 1, y, 1);
  cublasCaxpy(handle, n, &alpha, x, 1, y, 1);
  // CHECK: hipDoubleComplex one = make_hipDoubleComplex(1.0, 0.0), zero = make_hipDoubleComplex(0.0, 0.0);
  cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
  // CHECK: hipblasZgemm_v2(handle, HIPBLAS_OP_N, HIPBLAS_OP_C, n, n, n, &one, a, n, b, n, &zero, c, n);
  cublasZgemm(handle, CUBLAS_OP_N, CUBLAS_OP_C, n, n, n, &one, a, n, b, n, &zero, c, n);
}
