// check: hipcc
#include <cusparse.h>

int spmv(int rows, int cols, int nnz, int *rowPtr, int *colInd, float *values, float *x,
         float *y, void *buffer) {
  cusparseHandle_t handle;
  if (cusparseCreate(&handle) != CUSPARSE_STATUS_SUCCESS) return 1;
  cusparseMatDescr_t descr;
  cusparseCreateMatDescr(&descr);
  cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL);
  cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ZERO);
  cusparseSpMatDescr_t matrix;
  cusparseDnVecDescr_t vecX, vecY;
  cusparseCreateCsr(&matrix, rows, cols, nnz, rowPtr, colInd, values, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vecX, cols, x, CUDA_R_32F);
  cusparseCreateDnVec(&vecY, rows, y, CUDA_R_32F);
  float alpha = 1.0f, beta = 0.0f;
  size_t size = 0;
  cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vecX, &beta,
                          vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &size);
  cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vecX, &beta, vecY,
               CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buffer);
  cusparseXcoo2csr(handle, rowPtr, nnz, rows, colInd, CUSPARSE_INDEX_BASE_ZERO);
  cusparseDestroySpMat(matrix);
  cusparseDestroyDnVec(vecX);
  cusparseDestroyDnVec(vecY);
  cusparseDestroyMatDescr(descr);
  cusparseDestroy(handle);
  return 0;
}
