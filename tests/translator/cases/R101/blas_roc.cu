// check:
#include <cublas_v2.h>
#include <cuda_runtime.h>

int gemm(int m, int n, int k, const float *A, const float *B, float *C, cudaStream_t stream) {
  cublasHandle_t handle;
  cublasStatus_t status = cublasCreate(&handle);
  if (status != CUBLAS_STATUS_SUCCESS) return 1;
  cublasSetStream(handle, stream);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  const float alpha = 1.0f, beta = 0.0f;
  status = cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &alpha, A, m, B, n, &beta, C, m);
  float result = 0.0f;
  cublasSdot(handle, m, A, 1, B, 1, &result);
  int index = 0;
  cublasIsamax(handle, m, A, 1, &index);
  cublasSaxpy(handle, m, &alpha, A, 1, C, 1);
  cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, A, CUDA_R_32F, m, B, CUDA_R_32F,
               k, &beta, C, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasDestroy(handle);
  return status == CUBLAS_STATUS_SUCCESS ? 0 : 2;
}
