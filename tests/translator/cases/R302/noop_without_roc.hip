// Not compiled: cuBLAS and hipBLAS headers are not installed here.
#include <hipblas/hipblas.h>
#include <hip/hip_complex.h>

void scale(hipblasHandle_t handle, int n, hipComplex *x) {
  hipComplex alpha = make_hipComplex(2.0f, 0.0f);
  hipblasCscal_v2(handle, n, &alpha, x, 1);
}
