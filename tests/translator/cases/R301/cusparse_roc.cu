// check: hipcc
#include <cusparse.h>

void legacy(cusparseHandle_t handle, cusparseMatDescr_t descr, int m, int n, int k, int nnz,
            const float *values, const int *rows, const int *cols, const float *x, float *y,
            const float *B, float *C) {
  const float alpha = 1.0f, beta = 0.0f;
  cusparseScsrmv(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, m, n, nnz, &alpha, descr, values, rows,
                 cols, x, &beta, y);
  cusparseScsrmm(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, m, n, k, nnz, &alpha, descr, values,
                 rows, cols, B, k, &beta, C, m);
}
