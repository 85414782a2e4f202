// check: rocm-6.4
// Error-string helpers compiled only when the file included the library they serve,
// tested through each CUDA header's include guard (the library samples' way). Each
// guard becomes the version macro the HIP library's header defines.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <cusparse.h>

#ifdef CUBLAS_API_H_
static const char *status_name(cublasStatus_t status) {
  return status == CUBLAS_STATUS_SUCCESS ? "CUBLAS_STATUS_SUCCESS" : "cuBLAS error";
}
#endif

#ifdef _CUFFT_H_
static const char *status_name(cufftResult status) {
  return status == CUFFT_SUCCESS ? "CUFFT_SUCCESS" : "cuFFT error";
}
#endif

#if defined(CURAND_H_)
static const char *status_name(curandStatus_t status) {
  return status == CURAND_STATUS_SUCCESS ? "CURAND_STATUS_SUCCESS" : "cuRAND error";
}
#endif

#ifdef CUSOLVER_COMMON_H_
static const char *status_name(cusolverStatus_t status) {
  return status == CUSOLVER_STATUS_SUCCESS ? "CUSOLVER_STATUS_SUCCESS" : "cuSOLVER error";
}
#endif

#ifdef CUSPARSE_H_
static const char *status_name(cusparseStatus_t status) {
  return status == CUSPARSE_STATUS_SUCCESS ? "CUSPARSE_STATUS_SUCCESS" : "cuSPARSE error";
}
#endif

#if defined(__CUDA_RUNTIME_H__) && defined(__cuda_cuda_h__)
static const char *status_name(cudaError_t status) { return cudaGetErrorName(status); }
#endif

template <typename T> void check(T status, const char *what) {
  std::printf("%s: %s\n", what, status_name(status));
}

void check_all() {
  check(cudaSuccess, "runtime");
  check(CUBLAS_STATUS_SUCCESS, "blas");
  check(CUFFT_SUCCESS, "fft");
  check(CURAND_STATUS_SUCCESS, "rand");
  check(CUSOLVER_STATUS_SUCCESS, "solver");
  check(CUSPARSE_STATUS_SUCCESS, "sparse");
}
