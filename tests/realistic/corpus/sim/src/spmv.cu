// y = A*x for a CSR Laplacian with the cuSPARSE generic API, checked against
// a hand-written scalar CSR kernel.
#include <cusparse.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "../util/cuda_utils.cuh"

#define CHECK_CUSPARSE(func)                                                                    \
  {                                                                                             \
    cusparseStatus_t status = (func);                                                           \
    if (status != CUSPARSE_STATUS_SUCCESS) {                                                    \
      printf("CUSPARSE API failed at line %d with error: %s (%d)\n", __LINE__,                 \
             cusparseGetErrorString(status), status);                                           \
      return EXIT_FAILURE;                                                                      \
    }                                                                                           \
  }

__global__ void spmv_csr_scalar(int rows, const int *rowPtr, const int *colInd, const float *val,
                                const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float dot = 0.0f;
    for (int j = rowPtr[row]; j < rowPtr[row + 1]; j++) dot += val[j] * x[colInd[j]];
    y[row] = dot;
  }
}

int main() {
  const int n = 1 << 16;
  std::vector<int> hRowPtr(n + 1), hCol;
  std::vector<float> hVal, hX(n, 1.0f);
  for (int i = 0; i < n; i++) {
    hRowPtr[i] = (int)hCol.size();
    if (i > 0) { hCol.push_back(i - 1); hVal.push_back(-1.0f); }
    hCol.push_back(i);
    hVal.push_back(2.0f);
    if (i < n - 1) { hCol.push_back(i + 1); hVal.push_back(-1.0f); }
  }
  hRowPtr[n] = (int)hCol.size();
  int nnz = hRowPtr[n];

  int *dRowPtr, *dCol;
  float *dVal, *dX, *dY, *dYRef;
  gpuErrchk(cudaMalloc((void **)&dRowPtr, (n + 1) * sizeof(int)));
  gpuErrchk(cudaMalloc((void **)&dCol, nnz * sizeof(int)));
  gpuErrchk(cudaMalloc((void **)&dVal, nnz * sizeof(float)));
  gpuErrchk(cudaMalloc((void **)&dX, n * sizeof(float)));
  gpuErrchk(cudaMalloc((void **)&dY, n * sizeof(float)));
  gpuErrchk(cudaMalloc((void **)&dYRef, n * sizeof(float)));
  gpuErrchk(cudaMemcpy(dRowPtr, hRowPtr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(dCol, hCol.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(dVal, hVal.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(dX, hX.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  cusparseHandle_t handle = NULL;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  void *dBuffer = NULL;
  size_t bufferSize = 0;
  float alpha = 1.0f, beta = 0.0f;
  CHECK_CUSPARSE(cusparseCreate(&handle));
  CHECK_CUSPARSE(cusparseCreateCsr(&matA, n, n, nnz, dRowPtr, dCol, dVal, CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecX, n, dX, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecY, n, dY, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta,
                                         vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
  gpuErrchk(cudaMalloc(&dBuffer, bufferSize));
  CHECK_CUSPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                              CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, dBuffer));

  spmv_csr_scalar<<<(n + 255) / 256, 256>>>(n, dRowPtr, dCol, dVal, dX, dYRef);
  cudaCheckErrors("spmv_csr_scalar");

  std::vector<float> hY(n), hYRef(n);
  gpuErrchk(cudaMemcpy(hY.data(), dY, n * sizeof(float), cudaMemcpyDeviceToHost));
  gpuErrchk(cudaMemcpy(hYRef.data(), dYRef, n * sizeof(float), cudaMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < n; i++) errors += fabsf(hY[i] - hYRef[i]) > 1e-5f;
  printf("spmv: %d mismatches\n", errors);

  CHECK_CUSPARSE(cusparseDestroySpMat(matA));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecX));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecY));
  CHECK_CUSPARSE(cusparseDestroy(handle));
  cudaFree(dBuffer);
  cudaFree(dRowPtr);
  cudaFree(dCol);
  cudaFree(dVal);
  cudaFree(dX);
  cudaFree(dY);
  cudaFree(dYRef);
  return errors ? EXIT_FAILURE : EXIT_SUCCESS;
}
