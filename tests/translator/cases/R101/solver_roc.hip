// check:
#include <rocsolver/rocsolver.h>

int factor(int n, double *A, int lda, int *pivots, int *info, double *work) {
  rocblas_handle handle;
  rocblas_status status = rocblas_create_handle(&handle);
  if (status != rocblas_status_success) return 1;
  int lwork = 0;
  cusolverDnDgetrf_bufferSize(handle, n, n, A, lda, &lwork);
  rocsolver_dgetrf(handle, n, n, A, lda, pivots, info);
  rocsolver_dgetrs(handle, rocblas_operation_none, n, 1, A, lda, pivots, A, n);
  rocblas_destroy_handle(handle);
  return 0;
}
