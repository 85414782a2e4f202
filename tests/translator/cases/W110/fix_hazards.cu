// check: nvcc hipcc
#include <cuda.h>
#include <cuda_runtime.h>

static const char *errorName(cudaError_t error) { return cudaGetErrorName(error); }

static const char *errorName(CUresult error) {
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name;
}

void sync(cudaStream_t stream) { cudaStreamSynchronize(stream); }
void sync(CUstream stream, int flags) { (void)flags; cuStreamSynchronize(stream); }
