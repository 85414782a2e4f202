// With --hipify-compat for the newest HIP, the package-folder header stays: ROCm 6
// removed the bare hipblas.h that hipify-clang writes.
#include <cublas_v2.h>

int make_handle(cublasHandle_t *handle) { return cublasCreate(handle) == CUBLAS_STATUS_SUCCESS; }
