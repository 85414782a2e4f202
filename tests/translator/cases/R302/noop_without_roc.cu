// Not compiled: cuBLAS and hipBLAS headers are not installed here.
#include <cublas_v2.h>
#include <cuComplex.h>

void scale(cublasHandle_t handle, int n, cuComplex *x) {
  cuComplex alpha = make_cuComplex(2.0f, 0.0f);
  cublasCscal(handle, n, &alpha, x, 1);
}
