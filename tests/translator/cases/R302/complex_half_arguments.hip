// check: rocm-6.4
// With --roc the BLAS data take rocBLAS's types, and their constructors and
// conversions follow, so the calls need no casts.
#include <rocblas/rocblas.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>

void scale_and_multiply(rocblas_handle handle, int n, const rocblas_float_complex *a, rocblas_float_complex *c,
                        rocblas_double_complex *z, const rocblas_half *ha, rocblas_half *hc,
                        rocblas_float_complex *const *batch_a, rocblas_float_complex **batch_c) {
  rocblas_float_complex alpha = rocblas_float_complex(1.0f, 0.0f), beta = rocblas_float_complex(0.0f, 0.0f);
  rocblas_cgemm(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, &alpha, a, n, a + n, n, &beta, c, n);
  rocblas_double_complex two = rocblas_double_complex(2.0, 0.0);
  rocblas_zscal(handle, n, &two, z, 1);
  rocblas_half one = __builtin_bit_cast(rocblas_half, __float2half(1.0f)), zero = __builtin_bit_cast(rocblas_half, __float2half(0.0f));
  rocblas_hgemm(handle, rocblas_operation_none, rocblas_operation_transpose, n, n, n, &one, ha, n, ha, n, &zero, hc, n);
  rocblas_cgemm_batched(handle, rocblas_operation_none, rocblas_operation_none, n, n, n, &alpha, batch_a, n, batch_a, n,
                     &beta, batch_c, n, 4);
  float s = 0.5f;
  rocblas_sscal(handle, n, &s, (float *)c, 1);
}
