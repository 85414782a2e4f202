// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Dense cuSOLVER in hipSOLVER. HIPIFY 6.3's table names the header hipsolver.h;
// rocport uses the package folder (hipsolver/hipsolver.h).

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hipsolver/hipsolver.h>
#include <cusolverDn.h>

int main() {
  int n = 8, lwork = 0, *pivots, *info;
  float *a, *b, *work;
  double *d, *dwork;
  // CHECK: hipsolverHandle_t handle;
  cusolverDnHandle_t handle;
  // CHECK: hipsolverStatus_t status = hipsolverDnCreate(&handle);
  cusolverStatus_t status = cusolverDnCreate(&handle);
  // CHECK: if (status != HIPSOLVER_STATUS_SUCCESS) return 1;
  if (status != CUSOLVER_STATUS_SUCCESS) return 1;
  // CHECK: hipsolverSetStream(handle, 0);
  cusolverDnSetStream(handle, 0);
  // CHECK: hipsolverDnSgetrf_bufferSize(handle, n, n, a, n, &lwork);
  cusolverDnSgetrf_bufferSize(handle, n, n, a, n, &lwork);
  // CHECK: hipsolverDnSgetrf(handle, n, n, a, n, work, pivots, info);
  cusolverDnSgetrf(handle, n, n, a, n, work, pivots, info);
  // CHECK: hipsolverDnSgetrs(handle, HIPBLAS_OP_N, n, 1, a, n, pivots, b, n, info);
  cusolverDnSgetrs(handle, CUBLAS_OP_N, n, 1, a, n, pivots, b, n, info);
  // CHECK: hipsolverDnDpotrf_bufferSize(handle, HIPBLAS_FILL_MODE_UPPER, n, d, n, &lwork);
  cusolverDnDpotrf_bufferSize(handle, CUBLAS_FILL_MODE_UPPER, n, d, n, &lwork);
  // CHECK: hipsolverDnDpotrf(handle, HIPBLAS_FILL_MODE_UPPER, n, d, n, dwork, lwork, info);
  cusolverDnDpotrf(handle, CUBLAS_FILL_MODE_UPPER, n, d, n, dwork, lwork, info);
  // CHECK: hipsolverDnDestroy(handle);
  cusolverDnDestroy(handle);
  return 0;
}
