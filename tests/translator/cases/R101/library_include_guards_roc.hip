// check: rocm-6.4
// With --roc, the guards become the version macros of the ROC libraries' headers
// (rocSOLVER's status is rocBLAS's, so this file has no helper of its own for it).
#include <cstdio>
#include <hip/hip_runtime.h>

#include <rocblas/rocblas.h>
#include <hipfft/hipfft.h>
#include <rocrand/rocrand.h>
#include <rocsparse/rocsparse.h>

#ifdef ROCBLAS_VERSION_MAJOR
static const char *status_name(rocblas_status status) {
  return status == rocblas_status_success ? "CUBLAS_STATUS_SUCCESS" : "cuBLAS error";
}
#endif

#ifdef hipfftVersionMajor
static const char *status_name(hipfftResult status) {
  return status == HIPFFT_SUCCESS ? "CUFFT_SUCCESS" : "cuFFT error";
}
#endif

#if defined(ROCRAND_VERSION)
static const char *status_name(rocrand_status status) {
  return status == ROCRAND_STATUS_SUCCESS ? "CURAND_STATUS_SUCCESS" : "cuRAND error";
}
#endif

#ifdef ROCSPARSE_VERSION_MAJOR
static const char *status_name(rocsparse_status status) {
  return status == rocsparse_status_success ? "CUSPARSE_STATUS_SUCCESS" : "cuSPARSE error";
}
#endif

#if defined(HIP_VERSION) && defined(HIP_VERSION)
static const char *status_name(hipError_t status) { return hipGetErrorName(status); }
#endif

template <typename T> void check(T status, const char *what) {
  std::printf("%s: %s\n", what, status_name(status));
}

void check_all() {
  check(hipSuccess, "runtime");
  check(rocblas_status_success, "blas");
  check(HIPFFT_SUCCESS, "fft");
  check(ROCRAND_STATUS_SUCCESS, "rand");
  check(rocsparse_status_success, "sparse");
}
