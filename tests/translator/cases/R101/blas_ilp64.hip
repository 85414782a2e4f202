// check: rocm-6.4
#include <hipblas/hipblas.h>
#include <hip/hip_complex.h>
#include <cstdint>

// The 64-bit-index (ILP64) cuBLAS API: hipBLAS has it from ROCm 6.3, the complex
// functions in their hipComplex (_v2) form.
hipblasStatus_t update(hipblasHandle_t handle, int64_t n, int64_t k, const float *A, float *C,
                      const hipComplex *X, hipComplex *Y, const double *P, double *Q) {
  const float one = 1.0f;
  const hipComplex unit = make_hipComplex(1.0f, 0.0f);
  const double half = 0.5, zero = 0.0;
  hipblasStatus_t status = hipblasSsyrk_64(handle, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_N, n, k,
                                         &one, A, n, &one, C, n);
  if (status != HIPBLAS_STATUS_SUCCESS) return status;
  status = hipblasCtrsm_v2_64(handle, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N,
                             HIPBLAS_DIAG_NON_UNIT, n, n, &unit, X, n, Y, n);
  if (status != HIPBLAS_STATUS_SUCCESS) return status;
  status = hipblasDgeam_64(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, &half, P, n, &zero, P, n, Q, n);
  if (status != HIPBLAS_STATUS_SUCCESS) return status;
  return hipblasGemmEx_v2_64(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, k, &one, A, HIP_R_32F, n, A,
                         HIP_R_32F, k, &one, C, HIP_R_32F, n, HIPBLAS_COMPUTE_32F,
                         HIPBLAS_GEMM_DEFAULT);
}
