// check:
#include <rocblas/rocblas.h>
#include <hip/hip_runtime.h>

int gemm(int m, int n, int k, const float *A, const float *B, float *C, hipStream_t stream) {
  rocblas_handle handle;
  rocblas_status status = rocblas_create_handle(&handle);
  if (status != rocblas_status_success) return 1;
  rocblas_set_stream(handle, stream);
  rocblas_set_pointer_mode(handle, rocblas_pointer_mode_host);
  const float alpha = 1.0f, beta = 0.0f;
  status = rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_transpose, m, n, k, &alpha, A, m, B, n, &beta, C, m);
  float result = 0.0f;
  rocblas_sdot(handle, m, A, 1, B, 1, &result);
  int index = 0;
  rocblas_isamax(handle, m, A, 1, &index);
  rocblas_saxpy(handle, m, &alpha, A, 1, C, 1);
  rocblas_gemm_ex(handle, rocblas_operation_none, rocblas_operation_none, m, n, k, &alpha, A, rocblas_datatype_f32_r, m, B, rocblas_datatype_f32_r,
               k, &beta, C, rocblas_datatype_f32_r, m, rocblas_compute_type_f32, rocblas_gemm_algo_standard);
  rocblas_destroy_handle(handle);
  return status == rocblas_status_success ? 0 : 2;
}
