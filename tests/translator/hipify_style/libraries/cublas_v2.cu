// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// cuBLAS through cublas_v2.h: names without _v2 mean the v2 API, which hipBLAS has.
// HIPIFY 6.3's table names the header hipblas.h; rocport uses the package folder
// (hipblas/hipblas.h), as issue 3 asks and as current ROCm installs it.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include "hipblas/hipblas.h"
#include "cublas_v2.h"

int main() {
  const int n = 64;
  float *a, *b, *c;
  float alpha = 1.0f, beta = 0.0f, result = 0.0f;
  int index = 0;
  // CHECK: hipblasHandle_t handle;
  cublasHandle_t handle;
  // CHECK: hipblasStatus_t status = hipblasCreate(&handle);
  cublasStatus_t status = cublasCreate(&handle);
  // CHECK: if (status != HIPBLAS_STATUS_SUCCESS) return 1;
  if (status != CUBLAS_STATUS_SUCCESS) return 1;
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: hipblasSetStream(handle, stream);
  cublasSetStream(handle, stream);
  // CHECK: hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  // CHECK: hipblasSetMatrix(n, n, sizeof(float), a, n, b, n);
  cublasSetMatrix(n, n, sizeof(float), a, n, b, n);
  // CHECK: hipblasOperation_t op = HIPBLAS_OP_T;
  cublasOperation_t op = CUBLAS_OP_T;
  // CHECK: hipblasSgemm(handle, HIPBLAS_OP_N, op, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  cublasSgemm(handle, CUBLAS_OP_N, op, n, n, n, &alpha, a, n, b, n, &beta, c, n);
  // CHECK: hipblasSgemv(handle, HIPBLAS_OP_N, n, n, &alpha, a, n, b, 1, &beta, c, 1);
  cublasSgemv(handle, CUBLAS_OP_N, n, n, &alpha, a, n, b, 1, &beta, c, 1);
  // CHECK: hipblasSaxpy(handle, n, &alpha, a, 1, b, 1);
  cublasSaxpy(handle, n, &alpha, a, 1, b, 1);
  // CHECK: hipblasSdot(handle, n, a, 1, b, 1, &result);
  cublasSdot(handle, n, a, 1, b, 1, &result);
  // CHECK: hipblasSnrm2(handle, n, a, 1, &result);
  cublasSnrm2(handle, n, a, 1, &result);
  // CHECK: hipblasIsamax(handle, n, a, 1, &index);
  cublasIsamax(handle, n, a, 1, &index);
  // CHECK: hipblasSscal(handle, n, &alpha, a, 1);
  cublasSscal(handle, n, &alpha, a, 1);
  // CHECK: hipblasSgemmStridedBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, 8, 8, 8, &alpha, a, 8, 64, b, 8, 64, &beta, c, 8, 64, 4);
  cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, a, 8, 64, b, 8, 64, &beta, c, 8, 64, 4);
  // The _v2 spellings are the same functions.
  // CHECK: hipblasSaxpy(handle, n, &alpha, a, 1, b, 1);
  cublasSaxpy_v2(handle, n, &alpha, a, 1, b, 1);
  // CHECK: hipblasGetMatrix(n, n, sizeof(float), c, n, a, n);
  cublasGetMatrix(n, n, sizeof(float), c, n, a, n);
  // CHECK: hipblasDestroy(handle);
  cublasDestroy_v2(handle);
  return 0;
}
