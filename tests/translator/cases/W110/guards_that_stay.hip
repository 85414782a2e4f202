// check: nvcc
// A branch on __cuda_cuda_h__ vanishes in HIP (nothing defines it), so its overload
// cannot collide; __CUDA_RUNTIME_H__ becomes HIP's own guard, so its branch stays.
#include <hip/hip_runtime.h>


#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
static const char *errorName(hipError_t error) { return hipGetErrorName(error); }
#endif

#ifdef __cuda_cuda_h__
static const char *errorName(hipError_t error) {
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name;
}
#endif

static const char *describe(hipError_t error) { return hipGetErrorString(error); }

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
static const char *describe(hipError_t error) {
  const char *text = nullptr;
  hipDrvGetErrorString(error, &text);
  return text;
}
#endif
