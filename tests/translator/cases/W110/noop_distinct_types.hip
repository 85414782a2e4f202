// check: nvcc hipcc
#include <hip/hip_runtime.h>


static const char *errorName(hipError_t error) { return hipGetErrorName(error); }
static const char *errorName(int code) { return code ? "error" : "ok"; }

#ifdef __CUDA_FP16_H__
// Compiled only where cuda_fp16.h was included, whose guard HIP's header lacks.
static const char *errorName(hipError_t error) {
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name;
}
#endif
