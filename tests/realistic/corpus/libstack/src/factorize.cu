// Dense factorizations with cuSOLVER: Cholesky for symmetric positive-definite systems,
// LU with partial pivoting otherwise. Workspaces are sized by the library first.
#include <cusolverDn.h>

#include "libstack/api.h"
#include "libstack/device_buffer.cuh"

#define SOLVER_CHECK(call) LS_EXPECT(call, CUSOLVER_STATUS_SUCCESS)

namespace libstack {

int cholesky_solve(double *A, double *b, int n, int nrhs, cudaStream_t stream) {
  cusolverDnHandle_t solver = nullptr;
  SOLVER_CHECK(cusolverDnCreate(&solver));
  SOLVER_CHECK(cusolverDnSetStream(solver, stream));

  int lwork = 0;
  SOLVER_CHECK(cusolverDnDpotrf_bufferSize(solver, CUBLAS_FILL_MODE_LOWER, n, A, n, &lwork));
  DeviceBuffer<double> work(lwork > 0 ? lwork : 1);
  DeviceBuffer<int> info(1);

  SOLVER_CHECK(cusolverDnDpotrf(solver, CUBLAS_FILL_MODE_LOWER, n, A, n, work.data(), lwork,
                                info.data()));
  int status = info.download(stream)[0];
  if (status == 0) {
    SOLVER_CHECK(cusolverDnDpotrs(solver, CUBLAS_FILL_MODE_LOWER, n, nrhs, A, n, b, n,
                                  info.data()));
    status = info.download(stream)[0];
  }
  cusolverDnDestroy(solver);
  return status;  // > 0: the leading minor of that order is not positive definite
}

int lu_solve(float *A, float *b, int n, cudaStream_t stream) {
  cusolverDnHandle_t solver = nullptr;
  SOLVER_CHECK(cusolverDnCreate(&solver));
  SOLVER_CHECK(cusolverDnSetStream(solver, stream));

  int lwork = 0;
  SOLVER_CHECK(cusolverDnSgetrf_bufferSize(solver, n, n, A, n, &lwork));
  DeviceBuffer<float> work(lwork);
  DeviceBuffer<int> pivots(n), info(1);

  SOLVER_CHECK(cusolverDnSgetrf(solver, n, n, A, n, work.data(), pivots.data(), info.data()));
  int status = info.download(stream)[0];
  if (status == 0) {
    SOLVER_CHECK(cusolverDnSgetrs(solver, CUBLAS_OP_N, n, 1, A, n, pivots.data(), b, n,
                                  info.data()));
    status = info.download(stream)[0];
  }
  cusolverDnDestroy(solver);
  return status;
}

}  // namespace libstack
