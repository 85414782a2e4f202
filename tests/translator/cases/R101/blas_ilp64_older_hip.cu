// check:
#include <cublas_v2.h>
#include <cuComplex.h>
#include <cstdint>

// The 64-bit-index (ILP64) cuBLAS API: hipBLAS has it from ROCm 6.3, the complex
// functions in their hipComplex (_v2) form.
cublasStatus_t update(cublasHandle_t handle, int64_t n, int64_t k, const float *A, float *C,
                      const cuComplex *X, cuComplex *Y, const double *P, double *Q) {
  const float one = 1.0f;
  const cuComplex unit = make_cuComplex(1.0f, 0.0f);
  const double half = 0.5, zero = 0.0;
  cublasStatus_t status = cublasSsyrk_64(handle, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, n, k,
                                         &one, A, n, &one, C, n);
  if (status != CUBLAS_STATUS_SUCCESS) return status;
  status = cublasCtrsm_v2_64(handle, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                             CUBLAS_DIAG_NON_UNIT, n, n, &unit, X, n, Y, n);
  if (status != CUBLAS_STATUS_SUCCESS) return status;
  status = cublasDgeam_64(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, &half, P, n, &zero, P, n, Q, n);
  if (status != CUBLAS_STATUS_SUCCESS) return status;
  return cublasGemmEx_64(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, k, &one, A, CUDA_R_32F, n, A,
                         CUDA_R_32F, k, &one, C, CUDA_R_32F, n, CUBLAS_COMPUTE_32F,
                         CUBLAS_GEMM_DEFAULT);
}
