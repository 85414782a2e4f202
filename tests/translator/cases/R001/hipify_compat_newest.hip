// With --hipify-compat for the newest HIP, library headers are spelled as hipify-clang
// spells them today (the bare names), although ROCm 6 installs only the package folders.
#include <hip/hip_runtime.h>
#include <hipblas.h>
#include <hipsparse.h>
#include <hipsolver.h>

int make_handle(hipblasHandle_t *handle) { return hipblasCreate(handle) == HIPBLAS_STATUS_SUCCESS; }
