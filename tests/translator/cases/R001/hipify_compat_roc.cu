// --hipify-compat with --roc: hipify-clang's bare ROC library headers.
#include <cublas_v2.h>
#include <cusparse.h>
#include <cufft.h>

int make_handle(cublasHandle_t *handle) { return cublasCreate(handle) == CUBLAS_STATUS_SUCCESS; }
