// Jacobi iterations for a 1-D Poisson matrix in CSR form, with the matrix-vector
// product done by cuSPARSE's generic API (SpMV on CSR and dense-vector descriptors).
#include <cusparse.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "solvers/check.cuh"

#define SPARSE_CHECK(expr)                                                          \
  do {                                                                              \
    cusparseStatus_t status_ = (expr);                                              \
    if (status_ != CUSPARSE_STATUS_SUCCESS) {                                       \
      std::fprintf(stderr, "%s:%d: %s returned status %d\n", __FILE__, __LINE__,   \
                   #expr, (int)status_);                                            \
      std::exit(EXIT_FAILURE);                                                      \
    }                                                                               \
  } while (0)

// x_new = x + (b - A x) / diag, with diag = 2 for this matrix.
__global__ void jacobi_update(const double *ax, const double *b, double *x, double *residual,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double r = b[i] - ax[i];
    x[i] += 0.5 * r;
    atomicAdd(residual, r * r);
  }
}

static void poisson_csr(int n, std::vector<int> &offsets, std::vector<int> &columns,
                        std::vector<double> &values) {
  offsets.assign(1, 0);
  for (int row = 0; row < n; ++row) {
    for (int col = row - 1; col <= row + 1; ++col) {
      if (col < 0 || col >= n) continue;
      columns.push_back(col);
      values.push_back(col == row ? 2.0 : -1.0);
    }
    offsets.push_back((int)columns.size());
  }
}

int main() {
  const int n = 1 << 16, iterations = 200, threads = 256;
  std::vector<int> offsets, columns;
  std::vector<double> values;
  poisson_csr(n, offsets, columns, values);
  const int nnz = (int)values.size();

  int *d_offsets, *d_columns;
  double *d_values, *d_x, *d_b, *d_ax, *d_residual;
  SOLV_CHECK(cudaMalloc(&d_offsets, offsets.size() * sizeof(int)));
  SOLV_CHECK(cudaMalloc(&d_columns, nnz * sizeof(int)));
  SOLV_CHECK(cudaMalloc(&d_values, nnz * sizeof(double)));
  SOLV_CHECK(cudaMalloc(&d_x, n * sizeof(double)));
  SOLV_CHECK(cudaMalloc(&d_b, n * sizeof(double)));
  SOLV_CHECK(cudaMalloc(&d_ax, n * sizeof(double)));
  SOLV_CHECK(cudaMalloc(&d_residual, sizeof(double)));
  SOLV_CHECK(cudaMemcpy(d_offsets, offsets.data(), offsets.size() * sizeof(int),
                        cudaMemcpyHostToDevice));
  SOLV_CHECK(cudaMemcpy(d_columns, columns.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  SOLV_CHECK(cudaMemcpy(d_values, values.data(), nnz * sizeof(double), cudaMemcpyHostToDevice));
  std::vector<double> ones(n, 1.0);
  SOLV_CHECK(cudaMemcpy(d_b, ones.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  SOLV_CHECK(cudaMemset(d_x, 0, n * sizeof(double)));

  cusparseHandle_t handle;
  cusparseSpMatDescr_t matrix;
  cusparseDnVecDescr_t vec_x, vec_ax;
  SPARSE_CHECK(cusparseCreate(&handle));
  SPARSE_CHECK(cusparseCreateCsr(&matrix, n, n, nnz, d_offsets, d_columns, d_values,
                                 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  SPARSE_CHECK(cusparseCreateDnVec(&vec_x, n, d_x, CUDA_R_64F));
  SPARSE_CHECK(cusparseCreateDnVec(&vec_ax, n, d_ax, CUDA_R_64F));

  const double alpha = 1.0, beta = 0.0;
  size_t buffer_size = 0;
  SPARSE_CHECK(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix,
                                       vec_x, &beta, vec_ax, CUDA_R_64F,
                                       CUSPARSE_SPMV_ALG_DEFAULT, &buffer_size));
  void *buffer = nullptr;
  SOLV_CHECK(cudaMalloc(&buffer, buffer_size));

  double residual = 0.0;
  for (int it = 0; it < iterations; ++it) {
    SPARSE_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix, vec_x,
                              &beta, vec_ax, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, buffer));
    SOLV_CHECK(cudaMemset(d_residual, 0, sizeof(double)));
    jacobi_update<<<solvers::div_up(n, threads), threads>>>(d_ax, d_b, d_x, d_residual, n);
    SOLV_LAUNCH_CHECK();
    SOLV_CHECK(cudaMemcpy(&residual, d_residual, sizeof(double), cudaMemcpyDeviceToHost));
  }
  std::printf("after %d Jacobi sweeps: residual %.3e\n", iterations, std::sqrt(residual));

  SPARSE_CHECK(cusparseDestroyDnVec(vec_x));
  SPARSE_CHECK(cusparseDestroyDnVec(vec_ax));
  SPARSE_CHECK(cusparseDestroySpMat(matrix));
  SPARSE_CHECK(cusparseDestroy(handle));
  for (void *p : {(void *)d_offsets, (void *)d_columns, (void *)d_values, (void *)d_x,
                  (void *)d_b, (void *)d_ax, (void *)d_residual, buffer}) {
    SOLV_CHECK(cudaFree(p));
  }
  return 0;
}
