// check: rocm-6.4
// With --roc the BLAS data take rocBLAS's types, and their constructors and
// conversions follow, so the calls need no casts.
#include <cublas_v2.h>
#include <cuComplex.h>
#include <cuda_fp16.h>

void scale_and_multiply(cublasHandle_t handle, int n, const cuComplex *a, cuComplex *c,
                        cuDoubleComplex *z, const __half *ha, __half *hc,
                        cuComplex *const *batch_a, cuComplex **batch_c) {
  cuComplex alpha = make_cuComplex(1.0f, 0.0f), beta = make_cuComplex(0.0f, 0.0f);
  cublasCgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, n, a + n, n, &beta, c, n);
  cuDoubleComplex two = make_cuDoubleComplex(2.0, 0.0);
  cublasZscal(handle, n, &two, z, 1);
  __half one = __float2half(1.0f), zero = __float2half(0.0f);
  cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, ha, n, ha, n, &zero, hc, n);
  cublasCgemmBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, batch_a, n, batch_a, n,
                     &beta, batch_c, n, 4);
  float s = 0.5f;
  cublasSscal(handle, n, &s, (float *)c, 1);
}
