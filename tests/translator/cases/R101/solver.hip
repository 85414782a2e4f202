// check:
#include <hipsolver/hipsolver.h>

int factor(int n, double *A, int lda, int *pivots, int *info, double *work) {
  hipsolverHandle_t handle;
  hipsolverStatus_t status = hipsolverDnCreate(&handle);
  if (status != HIPSOLVER_STATUS_SUCCESS) return 1;
  int lwork = 0;
  hipsolverDnDgetrf_bufferSize(handle, n, n, A, lda, &lwork);
  hipsolverDnDgetrf(handle, n, n, A, lda, work, pivots, info);
  hipsolverDnDgetrs(handle, HIPBLAS_OP_N, n, 1, A, lda, pivots, A, n, info);
  hipsolverDnDestroy(handle);
  return 0;
}
