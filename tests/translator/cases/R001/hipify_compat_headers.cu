// With --hipify-compat and a HIP older than 6.0, library headers keep hipify-clang's bare
// names (ROCm 5 still installs them beside the package folders).
#include <cuda_runtime.h>
#include <cublas_v2.h>

int make_handle(cublasHandle_t *handle) { return cublasCreate(handle) == CUBLAS_STATUS_SUCCESS; }
