// check: rocm-6.4
// Error-string helpers compiled only when the file included the library they serve,
// tested through each CUDA header's include guard (the library samples' way). Each
// guard becomes the version macro the HIP library's header defines.
#include <cstdio>
#include <hip/hip_runtime.h>

#include <hipblas/hipblas.h>
#include <hipfft/hipfft.h>
#include <hiprand/hiprand.h>
#include <hipsolver/hipsolver.h>
#include <hipsparse/hipsparse.h>

#ifdef hipblasVersionMajor
static const char *status_name(hipblasStatus_t status) {
  return status == HIPBLAS_STATUS_SUCCESS ? "CUBLAS_STATUS_SUCCESS" : "cuBLAS error";
}
#endif

#ifdef hipfftVersionMajor
static const char *status_name(hipfftResult status) {
  return status == HIPFFT_SUCCESS ? "CUFFT_SUCCESS" : "cuFFT error";
}
#endif

#if defined(HIPRAND_VERSION)
static const char *status_name(hiprandStatus_t status) {
  return status == HIPRAND_STATUS_SUCCESS ? "CURAND_STATUS_SUCCESS" : "cuRAND error";
}
#endif

#ifdef hipsolverVersionMajor
static const char *status_name(hipsolverStatus_t status) {
  return status == HIPSOLVER_STATUS_SUCCESS ? "CUSOLVER_STATUS_SUCCESS" : "cuSOLVER error";
}
#endif

#ifdef hipsparseVersionMajor
static const char *status_name(hipsparseStatus_t status) {
  return status == HIPSPARSE_STATUS_SUCCESS ? "CUSPARSE_STATUS_SUCCESS" : "cuSPARSE error";
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
  check(HIPBLAS_STATUS_SUCCESS, "blas");
  check(HIPFFT_SUCCESS, "fft");
  check(HIPRAND_STATUS_SUCCESS, "rand");
  check(HIPSOLVER_STATUS_SUCCESS, "solver");
  check(HIPSPARSE_STATUS_SUCCESS, "sparse");
}
