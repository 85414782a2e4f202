// check: rocm-6.4
// Variables, parameters and members named like API types or values hide those names
// in their scope, as C++ says: they keep their names at every use, while the same
// names outside those scopes are the API's and are renamed.
#include <cstdio>
#include <cublas_v2.h>
#include <cuda_runtime.h>

static int sum(cublasHandle_t handle, int n, const float *x, float *result) {
  cublasStatus_t cublasStatus;
  cublasStatus = cublasSasum(handle, n, x, 1, result);
  if (cublasStatus != CUBLAS_STATUS_SUCCESS) {
    std::printf("cublasSasum failed: %d\n", static_cast<int>(cublasStatus));
    return 1;
  }
  return 0;
}

static bool failed(cudaError_t cudaError) { return cudaError != cudaSuccess; }

struct Stream {
  cudaStream_t cudaStream;
  void wait() { cudaStreamSynchronize(cudaStream); }
};

static bool mapped(unsigned flags) { return (flags & cudaHostAllocMapped) != 0; }

int run(cublasHandle_t handle, int n, const float *x, float *result) {
  cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
  cudaError_t error = cudaGetLastError();
  Stream stream{nullptr};
  stream.wait();
  return sum(handle, n, x, result) + failed(error) + mapped(0) + (status != CUBLAS_STATUS_SUCCESS);
}
