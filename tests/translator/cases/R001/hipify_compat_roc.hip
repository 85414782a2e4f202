// --hipify-compat with --roc: hipify-clang's bare ROC library headers.
#include <hip/hip_runtime.h>
#include <rocblas.h>
#include <rocsparse.h>
#include <hipfft/hipfft.h>

int make_handle(rocblas_handle *handle) { return rocblas_create_handle(handle) == rocblas_status_success; }
