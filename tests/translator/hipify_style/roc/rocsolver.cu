// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --roc %clang_args

// With --roc, cuSOLVER becomes rocSOLVER, whose handle is rocBLAS's. rocSOLVER's getrf
// needs no workspace, so that argument is dropped.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <rocsolver/rocsolver.h>
#include <cusolverDn.h>

int main() {
  int n = 8, *pivots, *info;
  float *a, *work;
  double *d;
  // CHECK: rocblas_handle handle;
  cusolverDnHandle_t handle;
  // CHECK: rocblas_status status = rocblas_create_handle(&handle);
  cusolverStatus_t status = cusolverDnCreate(&handle);
  // CHECK: if (status != rocblas_status_success) return 1;
  if (status != CUSOLVER_STATUS_SUCCESS) return 1;
  // CHECK: rocblas_set_stream(handle, 0);
  cusolverDnSetStream(handle, 0);
  // CHECK: rocsolver_sgetrf(handle, n, n, a, n, pivots, info);
  cusolverDnSgetrf(handle, n, n, a, n, work, pivots, info);
  // CHECK: rocsolver_dpotrf(handle, rocblas_fill_upper, n, d, n, info);
  cusolverDnDpotrf(handle, CUBLAS_FILL_MODE_UPPER, n, d, n, d, 0, info);
  // CHECK: rocblas_destroy_handle(handle);
  cusolverDnDestroy(handle);
  return 0;
}
