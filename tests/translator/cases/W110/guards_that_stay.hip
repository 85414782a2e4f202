// check: nvcc
// The include guards of cuda.h and cuda_runtime.h become HIP_VERSION, which HIP's
// runtime header defines: both branches stay, and both pairs collide.
#include <hip/hip_runtime.h>


#ifdef HIP_VERSION
static const char *errorName(hipError_t error) { return hipGetErrorName(error); }
#endif

#ifdef HIP_VERSION
static const char *errorName(hipError_t error) {
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name;
}
#endif

static const char *describe(hipError_t error) { return hipGetErrorString(error); }

#ifdef HIP_VERSION
static const char *describe(hipError_t error) {
  const char *text = nullptr;
  hipDrvGetErrorString(error, &text);
  return text;
}
#endif
