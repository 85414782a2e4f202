// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Matrix descriptors and the format conversions of the legacy cuSPARSE API.

// CHECK: #include <hipsparse/hipsparse.h>
#include <cusparse_v2.h>

// CHECK: void convert(hipsparseHandle_t handle, const int *coo_rows, int nnz, int m, int *csr_offsets) {
void convert(cusparseHandle_t handle, const int *coo_rows, int nnz, int m, int *csr_offsets) {
  // CHECK: hipsparseMatDescr_t description;
  cusparseMatDescr_t description;
  // CHECK: hipsparseCreateMatDescr(&description);
  cusparseCreateMatDescr(&description);
  // CHECK: hipsparseSetMatType(description, HIPSPARSE_MATRIX_TYPE_GENERAL);
  cusparseSetMatType(description, CUSPARSE_MATRIX_TYPE_GENERAL);
  // CHECK: hipsparseSetMatIndexBase(description, HIPSPARSE_INDEX_BASE_ZERO);
  cusparseSetMatIndexBase(description, CUSPARSE_INDEX_BASE_ZERO);
  // CHECK: hipsparseXcoo2csr(handle, coo_rows, nnz, m, csr_offsets, HIPSPARSE_INDEX_BASE_ZERO);
  cusparseXcoo2csr(handle, coo_rows, nnz, m, csr_offsets, CUSPARSE_INDEX_BASE_ZERO);
  // CHECK: hipsparseSetStream(handle, 0);
  cusparseSetStream(handle, 0);
}
