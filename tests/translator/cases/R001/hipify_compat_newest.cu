// With --hipify-compat for the newest HIP, library headers are spelled as hipify-clang
// spells them today (the bare names), although ROCm 6 installs only the package folders.
#include <cublas_v2.h>
#include <cusparse.h>
#include <cusolverDn.h>

int make_handle(cublasHandle_t *handle) { return cublasCreate(handle) == CUBLAS_STATUS_SUCCESS; }
