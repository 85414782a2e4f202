// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// A host program multiplying matrices with cuBLAS and checking the status codes.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hipblas/hipblas.h>
#include <cublas_v2.h>
#include <cstdio>
#include <vector>

// CHECK: #define CUBLAS_CHECK(call) do { hipblasStatus_t s = (call); if (s != HIPBLAS_STATUS_SUCCESS) { printf("cublas error %d at %d\n", (int)s, __LINE__); return 1; } } while (0)
#define CUBLAS_CHECK(call) do { cublasStatus_t s = (call); if (s != CUBLAS_STATUS_SUCCESS) { printf("cublas error %d at %d\n", (int)s, __LINE__); return 1; } } while (0)

int main() {
  const int m = 64, n = 32, k = 16;
  std::vector<double> a(m * k, 1.0), b(k * n, 2.0), c(m * n, 0.0);
  double *da, *db, *dc;
  // CHECK: hipMalloc(&da, a.size() * sizeof(double));
  cudaMalloc(&da, a.size() * sizeof(double));
  // CHECK: hipMalloc(&db, b.size() * sizeof(double));
  cudaMalloc(&db, b.size() * sizeof(double));
  // CHECK: hipMalloc(&dc, c.size() * sizeof(double));
  cudaMalloc(&dc, c.size() * sizeof(double));
  // CHECK: hipblasHandle_t handle;
  cublasHandle_t handle;
  // CHECK: CUBLAS_CHECK(hipblasCreate(&handle));
  CUBLAS_CHECK(cublasCreate(&handle));
  // CHECK: CUBLAS_CHECK(hipblasSetMatrix(m, k, sizeof(double), a.data(), m, da, m));
  CUBLAS_CHECK(cublasSetMatrix(m, k, sizeof(double), a.data(), m, da, m));
  // CHECK: CUBLAS_CHECK(hipblasSetMatrix(k, n, sizeof(double), b.data(), k, db, k));
  CUBLAS_CHECK(cublasSetMatrix(k, n, sizeof(double), b.data(), k, db, k));
  const double alpha = 1.0, beta = 0.0;
  // CHECK: CUBLAS_CHECK(hipblasDgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, da, m, db, k, &beta, dc, m));
  CUBLAS_CHECK(cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, da, m, db, k, &beta, dc, m));
  // CHECK: CUBLAS_CHECK(hipblasGetMatrix(m, n, sizeof(double), dc, m, c.data(), m));
  CUBLAS_CHECK(cublasGetMatrix(m, n, sizeof(double), dc, m, c.data(), m));
  // CHECK: CUBLAS_CHECK(hipblasDestroy(handle));
  CUBLAS_CHECK(cublasDestroy(handle));
  printf("c[0] = %f\n", c[0]);
  return c[0] == 2.0 * k ? 0 : 1;
}
