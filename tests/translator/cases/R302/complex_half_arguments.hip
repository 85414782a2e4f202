// Not compiled: neither cuBLAS (nvcc) nor rocBLAS (hipcc) headers are installed here.
#include <rocblas/rocblas.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>

void scale_and_multiply(rocblas_handle handle, int n, const hipComplex *a, hipComplex *c,
                        hipDoubleComplex *z, const __half *ha, __half *hc,
                        hipComplex *const *batch_a, hipComplex **batch_c) {
  hipComplex alpha = make_hipComplex(1.0f, 0.0f), beta = make_hipComplex(0.0f, 0.0f);
  rocblas_cgemm(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, reinterpret_cast<rocblas_float_complex *>(&alpha), reinterpret_cast<const rocblas_float_complex *>(a), n, reinterpret_cast<const rocblas_float_complex *>(a + n), n, reinterpret_cast<rocblas_float_complex *>(&beta), reinterpret_cast<rocblas_float_complex *>(c), n);
  hipDoubleComplex two = make_hipDoubleComplex(2.0, 0.0);
  rocblas_zscal(handle, n, reinterpret_cast<rocblas_double_complex *>(&two), reinterpret_cast<rocblas_double_complex *>(z), 1);
  __half one = __float2half(1.0f), zero = __float2half(0.0f);
  rocblas_hgemm(handle, rocblas_operation_none, rocblas_operation_transpose, n, n, n, reinterpret_cast<rocblas_half *>(&one), reinterpret_cast<const rocblas_half *>(ha), n, reinterpret_cast<const rocblas_half *>(ha), n, reinterpret_cast<rocblas_half *>(&zero), reinterpret_cast<rocblas_half *>(hc), n);
  rocblas_cgemm_batched(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, reinterpret_cast<rocblas_float_complex *>(&alpha), reinterpret_cast<rocblas_float_complex *const *>(batch_a), n, reinterpret_cast<rocblas_float_complex *const *>(batch_a), n,
                     reinterpret_cast<rocblas_float_complex *>(&beta), reinterpret_cast<rocblas_float_complex **>(batch_c), n, 4);
  float s = 0.5f;
  rocblas_sscal(handle, n, &s, (float *)c, 1);
}
