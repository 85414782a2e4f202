// check:
#include <cusolverDn.h>

int factor(int n, double *A, int lda, int *pivots, int *info, double *work) {
  cusolverDnHandle_t handle;
  cusolverStatus_t status = cusolverDnCreate(&handle);
  if (status != CUSOLVER_STATUS_SUCCESS) return 1;
  int lwork = 0;
  cusolverDnDgetrf_bufferSize(handle, n, n, A, lda, &lwork);
  cusolverDnDgetrf(handle, n, n, A, lda, work, pivots, info);
  cusolverDnDgetrs(handle, CUBLAS_OP_N, n, 1, A, lda, pivots, A, n, info);
  cusolverDnDestroy(handle);
  return 0;
}
