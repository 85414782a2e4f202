// With --hipify-compat and a HIP older than 6.0, library headers keep hipify-clang's bare
// names (ROCm 5 still installs them beside the package folders).
#include <hip/hip_runtime.h>
#include <hipblas.h>

int make_handle(hipblasHandle_t *handle) { return hipblasCreate(handle) == HIPBLAS_STATUS_SUCCESS; }
