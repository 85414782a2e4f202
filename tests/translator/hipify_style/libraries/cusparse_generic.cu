// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// The generic cuSPARSE API (descriptors, SpMV) in hipSPARSE.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK: #include <hipsparse/hipsparse.h>
#include <cusparse.h>

int main() {
  int rows = 4, cols = 4, nnz = 9;
  int *offsets, *columns;
  float *values, *x, *y, alpha = 1.0f, beta = 0.0f;
  // CHECK: hipsparseHandle_t handle;
  cusparseHandle_t handle;
  // CHECK: hipsparseStatus_t status = hipsparseCreate(&handle);
  cusparseStatus_t status = cusparseCreate(&handle);
  // CHECK: if (status != HIPSPARSE_STATUS_SUCCESS) return 1;
  if (status != CUSPARSE_STATUS_SUCCESS) return 1;
  // CHECK: hipsparseSpMatDescr_t matrix;
  cusparseSpMatDescr_t matrix;
  // CHECK: hipsparseDnVecDescr_t vx, vy;
  cusparseDnVecDescr_t vx, vy;
  // CHECK: hipsparseCreateCsr(&matrix, rows, cols, nnz, offsets, columns, values, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  cusparseCreateCsr(&matrix, rows, cols, nnz, offsets, columns, values, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  // CHECK: hipsparseCreateDnVec(&vx, cols, x, HIP_R_32F);
  cusparseCreateDnVec(&vx, cols, x, CUDA_R_32F);
  // CHECK: hipsparseCreateDnVec(&vy, rows, y, HIP_R_32F);
  cusparseCreateDnVec(&vy, rows, y, CUDA_R_32F);
  size_t bytes = 0;
  // CHECK: hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vx, &beta, vy, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, &bytes);
  cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
  void *buffer;
  // CHECK: hipMalloc(&buffer, bytes);
  cudaMalloc(&buffer, bytes);
  // CHECK: hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vx, &beta, vy, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, buffer);
  cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buffer);
  // CHECK: hipsparseDestroySpMat(matrix);
  cusparseDestroySpMat(matrix);
  // CHECK: hipsparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vx);
  // CHECK: hipsparseDestroy(handle);
  cusparseDestroy(handle);
  return 0;
}
