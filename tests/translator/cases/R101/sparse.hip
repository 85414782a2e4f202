// check: hipcc
#include <hipsparse/hipsparse.h>

int spmv(int rows, int cols, int nnz, int *rowPtr, int *colInd, float *values, float *x,
         float *y, void *buffer) {
  hipsparseHandle_t handle;
  if (hipsparseCreate(&handle) != HIPSPARSE_STATUS_SUCCESS) return 1;
  hipsparseMatDescr_t descr;
  hipsparseCreateMatDescr(&descr);
  hipsparseSetMatType(descr, HIPSPARSE_MATRIX_TYPE_GENERAL);
  hipsparseSetMatIndexBase(descr, HIPSPARSE_INDEX_BASE_ZERO);
  hipsparseSpMatDescr_t matrix;
  hipsparseDnVecDescr_t vecX, vecY;
  hipsparseCreateCsr(&matrix, rows, cols, nnz, rowPtr, colInd, values, HIPSPARSE_INDEX_32I,
                    HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  hipsparseCreateDnVec(&vecX, cols, x, HIP_R_32F);
  hipsparseCreateDnVec(&vecY, rows, y, HIP_R_32F);
  float alpha = 1.0f, beta = 0.0f;
  size_t size = 0;
  hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vecX, &beta,
                          vecY, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, &size);
  hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vecX, &beta, vecY,
               HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, buffer);
  hipsparseXcoo2csr(handle, rowPtr, nnz, rows, colInd, HIPSPARSE_INDEX_BASE_ZERO);
  hipsparseDestroySpMat(matrix);
  hipsparseDestroyDnVec(vecX);
  hipsparseDestroyDnVec(vecY);
  hipsparseDestroyMatDescr(descr);
  hipsparseDestroy(handle);
  return 0;
}
