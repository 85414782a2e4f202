// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// The legacy cuBLAS API (cublas.h, no handle) has no hipBLAS counterpart: its
// functions whose names the v2 API reuses (HIP_SUPPORTED_V2_ONLY in HIPIFY's table)
// stay as they are and are reported; so do cublasInit/cublasAlloc/cublasShutdown,
// which the table marks unsupported. Helpers shared by both APIs are translated.

// CHECK: #include "hipblas/hipblas.h"
#include "cublas.h"

int main() {
  const int n = 16;
  float *a, *b, *c, *host;
  // CHECK: cublasInit();
  cublasInit();
  // CHECK: cublasAlloc(n * n, sizeof(float), (void **)&a);
  cublasAlloc(n * n, sizeof(float), (void **)&a);
  // CHECK: hipblasSetMatrix(n, n, sizeof(float), host, n, a, n);
  cublasSetMatrix(n, n, sizeof(float), host, n, a, n);
  // CHECK: cublasSgemm('n', 'n', n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
  cublasSgemm('n', 'n', n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
  // CHECK: cublasSaxpy(n, 2.0f, a, 1, b, 1);
  cublasSaxpy(n, 2.0f, a, 1, b, 1);
  // CHECK: hipblasStatus_t status = cublasGetError();
  cublasStatus status = cublasGetError();
  // CHECK: cublasShutdown();
  cublasShutdown();
  return 0;
}
