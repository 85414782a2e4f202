// check: nvcc hipcc
#include <hip/hip_runtime.h>


static const char *errorName(hipError_t error) { return hipGetErrorName(error); }
static const char *errorName(int code) { return code ? "error" : "ok"; }

#ifdef __cuda_cuda_h__
// Compiled only where the driver header was included: never with HIP's headers.
static const char *errorName(hipError_t error) {
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name;
}
#endif
