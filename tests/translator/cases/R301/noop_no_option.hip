// check: hipcc
// Without --roc the hipSPARSE wrapper keeps cuSPARSE's argument lists.
#include <hipsparse/hipsparse.h>

void legacy(hipsparseHandle_t handle, hipsparseMatDescr_t descr, int m, int n, int nnz,
            const float *values, const int *rows, const int *cols, const float *x, float *y) {
  const float alpha = 1.0f, beta = 0.0f;
  hipsparseScsrmv(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, m, n, nnz, &alpha, descr, values, rows,
                 cols, x, &beta, y);
}
