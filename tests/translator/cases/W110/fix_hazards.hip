// check: nvcc hipcc
#include <hip/hip_runtime.h>


static const char *errorName(hipError_t error) { return hipGetErrorName(error); }

#if 0  // rocport W110: in HIP this redefines errorName(hipError_t)
static const char *errorName(hipError_t error) {
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name;
}
#endif

void sync(hipStream_t stream) { hipStreamSynchronize(stream); }
void sync(hipStream_t stream, int flags) { (void)flags; hipStreamSynchronize(stream); }
