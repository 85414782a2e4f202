// check: hipcc
#include <rocsparse/rocsparse.h>

void legacy(rocsparse_handle handle, rocsparse_mat_descr descr, int m, int n, int k, int nnz,
            const float *values, const int *rows, const int *cols, const float *x, float *y,
            const float *B, float *C) {
  const float alpha = 1.0f, beta = 0.0f;
  rocsparse_scsrmv(handle, rocsparse_operation_none, m, n, nnz, &alpha, descr, values, rows,
                 cols, nullptr, x, &beta, y);
  rocsparse_scsrmm(handle, rocsparse_operation_none, rocsparse_operation_none, m, n, k, nnz, &alpha, descr,
                 values, rows, cols, B, k, &beta, C, m);
}
