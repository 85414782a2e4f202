// check: nvcc hipcc
#include <cuda.h>
#include <cuda_runtime.h>

static const char *errorName(cudaError_t error) { return cudaGetErrorName(error); }
static const char *errorName(int code) { return code ? "error" : "ok"; }

#ifdef __CUDA_FP16_H__
// Compiled only where cuda_fp16.h was included, whose guard HIP's header lacks.
static const char *errorName(CUresult error) {
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name;
}
#endif
