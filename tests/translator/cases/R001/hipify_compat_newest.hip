// With --hipify-compat for the newest HIP, the package-folder header stays: ROCm 6
// removed the bare hipblas.h that hipify-clang writes.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

int make_handle(hipblasHandle_t *handle) { return hipblasCreate(handle) == HIPBLAS_STATUS_SUCCESS; }
