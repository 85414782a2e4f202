// check:
#include <hipblas/hipblas.h>
#include <hip/hip_runtime.h>

int gemm(int m, int n, int k, const float *A, const float *B, float *C, hipStream_t stream) {
  hipblasHandle_t handle;
  hipblasStatus_t status = hipblasCreate(&handle);
  if (status != HIPBLAS_STATUS_SUCCESS) return 1;
  hipblasSetStream(handle, stream);
  hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST);
  const float alpha = 1.0f, beta = 0.0f;
  status = hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, m, n, k, &alpha, A, m, B, n, &beta, C, m);
  float result = 0.0f;
  hipblasSdot(handle, m, A, 1, B, 1, &result);
  int index = 0;
  hipblasIsamax(handle, m, A, 1, &index);
  hipblasSaxpy(handle, m, &alpha, A, 1, C, 1);
  hipblasGemmEx_v2(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, A, HIP_R_32F, m, B, HIP_R_32F,
               k, &beta, C, HIP_R_32F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
  hipblasDestroy(handle);
  return status == HIPBLAS_STATUS_SUCCESS ? 0 : 2;
}
