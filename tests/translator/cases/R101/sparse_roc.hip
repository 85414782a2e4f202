// check: hipcc
#include <rocsparse/rocsparse.h>

int spmv(int rows, int cols, int nnz, int *rowPtr, int *colInd, float *values, float *x,
         float *y, void *buffer) {
  rocsparse_handle handle;
  if (rocsparse_create_handle(&handle) != rocsparse_status_success) return 1;
  rocsparse_mat_descr descr;
  rocsparse_create_mat_descr(&descr);
  rocsparse_set_mat_type(descr, rocsparse_matrix_type_general);
  rocsparse_set_mat_index_base(descr, rocsparse_index_base_zero);
  rocsparse_spmat_descr matrix;
  rocsparse_dnvec_descr vecX, vecY;
  rocsparse_create_csr_descr(&matrix, rows, cols, nnz, rowPtr, colInd, values, rocsparse_indextype_i32,
                    rocsparse_indextype_i32, rocsparse_index_base_zero, rocsparse_datatype_f32_r);
  rocsparse_create_dnvec_descr(&vecX, cols, x, rocsparse_datatype_f32_r);
  rocsparse_create_dnvec_descr(&vecY, rows, y, rocsparse_datatype_f32_r);
  float alpha = 1.0f, beta = 0.0f;
  size_t size = 0;
  rocsparse_spmv(handle, rocsparse_operation_none, &alpha, matrix, vecX, &beta,
                          vecY, rocsparse_datatype_f32_r, rocsparse_spmv_alg_default, &size, nullptr);
  rocsparse_spmv(handle, rocsparse_operation_none, &alpha, matrix, vecX, &beta, vecY,
               rocsparse_datatype_f32_r, rocsparse_spmv_alg_default, nullptr, buffer);
  rocsparse_coo2csr(handle, rowPtr, nnz, rows, colInd, rocsparse_index_base_zero);
  rocsparse_destroy_spmat_descr(matrix);
  rocsparse_destroy_dnvec_descr(vecX);
  rocsparse_destroy_dnvec_descr(vecY);
  rocsparse_destroy_mat_descr(descr);
  rocsparse_destroy_handle(handle);
  return 0;
}
