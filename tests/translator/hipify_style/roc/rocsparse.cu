// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --roc %clang_args

// With --roc, cuSPARSE becomes rocSPARSE.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <rocsparse/rocsparse.h>
#include <cusparse.h>

int main() {
  int rows = 4, cols = 4, nnz = 9, *offsets, *columns;
  float *values, *x;
  // CHECK: rocsparse_handle handle;
  cusparseHandle_t handle;
  // CHECK: rocsparse_status status = rocsparse_create_handle(&handle);
  cusparseStatus_t status = cusparseCreate(&handle);
  // CHECK: if (status != rocsparse_status_success) return 1;
  if (status != CUSPARSE_STATUS_SUCCESS) return 1;
  // CHECK: rocsparse_set_stream(handle, 0);
  cusparseSetStream(handle, 0);
  // CHECK: rocsparse_mat_descr description;
  cusparseMatDescr_t description;
  // CHECK: rocsparse_create_mat_descr(&description);
  cusparseCreateMatDescr(&description);
  // CHECK: rocsparse_set_mat_type(description, rocsparse_matrix_type_general);
  cusparseSetMatType(description, CUSPARSE_MATRIX_TYPE_GENERAL);
  // CHECK: rocsparse_set_mat_index_base(description, rocsparse_index_base_zero);
  cusparseSetMatIndexBase(description, CUSPARSE_INDEX_BASE_ZERO);
  // CHECK: rocsparse_spmat_descr matrix;
  cusparseSpMatDescr_t matrix;
  // CHECK: rocsparse_create_csr_descr(&matrix, rows, cols, nnz, offsets, columns, values, rocsparse_indextype_i32, rocsparse_indextype_i32, rocsparse_index_base_zero, rocsparse_datatype_f32_r);
  cusparseCreateCsr(&matrix, rows, cols, nnz, offsets, columns, values, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  // CHECK: rocsparse_dnvec_descr vector;
  cusparseDnVecDescr_t vector;
  // CHECK: rocsparse_create_dnvec_descr(&vector, cols, x, rocsparse_datatype_f32_r);
  cusparseCreateDnVec(&vector, cols, x, CUDA_R_32F);
  // HIPIFY 6.3's table swaps the two orders; rocport maps each to its own.
  // CHECK: rocsparse_dnmat_descr dense;
  cusparseDnMatDescr_t dense;
  // CHECK: rocsparse_create_dnmat_descr(&dense, rows, cols, rows, x, rocsparse_datatype_f32_r, rocsparse_order_column);
  cusparseCreateDnMat(&dense, rows, cols, rows, x, CUDA_R_32F, CUSPARSE_ORDER_COL);
  // CHECK: rocsparse_order order = rocsparse_order_row;
  cusparseOrder_t order = CUSPARSE_ORDER_ROW;
  // CHECK: rocsparse_destroy_spmat_descr(matrix);
  cusparseDestroySpMat(matrix);
  // CHECK: rocsparse_destroy_handle(handle);
  cusparseDestroy(handle);
  return 0;
}
