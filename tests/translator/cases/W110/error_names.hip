// check: nvcc
#include <hip/hip_runtime.h>


static const char *errorName(hipError_t error) { return hipGetErrorName(error); }

static const char *errorName(hipError_t error) {
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name;
}

void sync(hipStream_t stream) { hipStreamSynchronize(stream); }
void sync(hipStream_t stream, int flags) { (void)flags; hipStreamSynchronize(stream); }
