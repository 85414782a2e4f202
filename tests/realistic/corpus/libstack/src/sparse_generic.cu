// Sparse products with cuSPARSE's generic API: descriptors for the CSR matrix and the
// dense operands, an external buffer sized by the library, SpMV then SpMM.
#include <cusparse.h>

#include "libstack/api.h"
#include "libstack/device_buffer.cuh"

#define CHECK_CUSPARSE(call) LS_EXPECT(call, CUSPARSE_STATUS_SUCCESS)

namespace libstack {

void csr_multiply(int rows, int cols, int nnz, const int *row_offsets, const int *columns,
                  const float *values, const float *x, float *y, const float *X, float *Y,
                  int x_columns, cudaStream_t stream) {
  cusparseHandle_t handle;
  CHECK_CUSPARSE(cusparseCreate(&handle));
  CHECK_CUSPARSE(cusparseSetStream(handle, stream));

  cusparseSpMatDescr_t matrix;
  CHECK_CUSPARSE(cusparseCreateCsr(&matrix, rows, cols, nnz, const_cast<int *>(row_offsets),
                                   const_cast<int *>(columns), const_cast<float *>(values),
                                   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  cusparseDnVecDescr_t vec_x, vec_y;
  CHECK_CUSPARSE(cusparseCreateDnVec(&vec_x, cols, const_cast<float *>(x), CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vec_y, rows, y, CUDA_R_32F));

  const float alpha = 1.0f, beta = 0.0f;
  size_t spmv_bytes = 0;
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                                         matrix, vec_x, &beta, vec_y, CUDA_R_32F,
                                         CUSPARSE_SPMV_ALG_DEFAULT, &spmv_bytes));
  DeviceBuffer<char> spmv_buffer(spmv_bytes > 0 ? spmv_bytes : 1);
  CHECK_CUSPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vec_x,
                              &beta, vec_y, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                              spmv_buffer.data()));

  cusparseDnMatDescr_t mat_x, mat_y;
  CHECK_CUSPARSE(cusparseCreateDnMat(&mat_x, cols, x_columns, cols, const_cast<float *>(X),
                                     CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_CUSPARSE(cusparseCreateDnMat(&mat_y, rows, x_columns, rows, Y, CUDA_R_32F,
                                     CUSPARSE_ORDER_COL));
  size_t spmm_bytes = 0;
  CHECK_CUSPARSE(cusparseSpMM_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                         CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, mat_x,
                                         &beta, mat_y, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT,
                                         &spmm_bytes));
  DeviceBuffer<char> spmm_buffer(spmm_bytes > 0 ? spmm_bytes : 1);
  CHECK_CUSPARSE(cusparseSpMM(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                              CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, mat_x, &beta,
                              mat_y, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, spmm_buffer.data()));
  LS_CUDA_CHECK(cudaStreamSynchronize(stream));

  cusparseDestroyDnMat(mat_y);
  cusparseDestroyDnMat(mat_x);
  cusparseDestroyDnVec(vec_y);
  cusparseDestroyDnVec(vec_x);
  cusparseDestroySpMat(matrix);
  cusparseDestroy(handle);
}

}  // namespace libstack
