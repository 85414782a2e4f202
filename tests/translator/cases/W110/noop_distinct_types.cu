// check: nvcc hipcc
#include <cuda.h>
#include <cuda_runtime.h>

static const char *errorName(cudaError_t error) { return cudaGetErrorName(error); }
static const char *errorName(int code) { return code ? "error" : "ok"; }

#ifdef __cuda_cuda_h__
// Compiled only where the driver header was included: never with HIP's headers.
static const char *errorName(CUresult error) {
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name;
}
#endif
