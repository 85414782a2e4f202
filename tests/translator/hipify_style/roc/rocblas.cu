// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --roc %clang_args

// With --roc, cuBLAS becomes rocBLAS: same argument order, rocBLAS names and enums.
// HIPIFY 6.3's table names the header rocblas.h; rocport uses rocblas/rocblas.h.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include "rocblas/rocblas.h"
#include "cublas_v2.h"

int main() {
  const int n = 32;
  float *a, *b, *c, alpha = 1.0f, beta = 0.0f;
  double *x, *y, dalpha = 2.0;
  // CHECK: rocblas_handle handle;
  cublasHandle_t handle;
  // CHECK: rocblas_status status = rocblas_create_handle(&handle);
  cublasStatus_t status = cublasCreate(&handle);
  // CHECK: if (status != rocblas_status_success) return 1;
  if (status != CUBLAS_STATUS_SUCCESS) return 1;
  // CHECK: rocblas_set_stream(handle, 0);
  cublasSetStream(handle, 0);
  // CHECK: rocblas_set_pointer_mode(handle, rocblas_pointer_mode_host);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  // CHECK: rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_transpose, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  // CHECK: rocblas_daxpy(handle, n, &dalpha, x, 1, y, 1);
  cublasDaxpy(handle, n, &dalpha, x, 1, y, 1);
  // CHECK: rocblas_fill fill = rocblas_fill_lower;
  cublasFillMode_t fill = CUBLAS_FILL_MODE_LOWER;
  // CHECK: rocblas_destroy_handle(handle);
  cublasDestroy(handle);
  return 0;
}
