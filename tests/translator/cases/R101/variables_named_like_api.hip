// check: rocm-6.4
// Variables, parameters and members named like API types or values hide those names
// in their scope, as C++ says: they keep their names at every use, while the same
// names outside those scopes are the API's and are renamed.
#include <cstdio>
#include <hipblas/hipblas.h>
#include <hip/hip_runtime.h>

static int sum(hipblasHandle_t handle, int n, const float *x, float *result) {
  hipblasStatus_t cublasStatus;
  cublasStatus = hipblasSasum(handle, n, x, 1, result);
  if (cublasStatus != HIPBLAS_STATUS_SUCCESS) {
    std::printf("cublasSasum failed: %d\n", static_cast<int>(cublasStatus));
    return 1;
  }
  return 0;
}

static bool failed(hipError_t cudaError) { return cudaError != hipSuccess; }

struct Stream {
  hipStream_t cudaStream;
  void wait() { hipStreamSynchronize(cudaStream); }
};

static bool mapped(unsigned flags) { return (flags & hipHostMallocMapped) != 0; }

int run(hipblasHandle_t handle, int n, const float *x, float *result) {
  hipblasStatus_t status = HIPBLAS_STATUS_SUCCESS;
  hipError_t error = hipGetLastError();
  Stream stream{nullptr};
  stream.wait();
  return sum(handle, n, x, result) + failed(error) + mapped(0) + (status != HIPBLAS_STATUS_SUCCESS);
}
