// check: nvcc
// The include guards of cuda.h and cuda_runtime.h become HIP_VERSION, which HIP's
// runtime header defines: both branches stay, and both pairs collide.
#include <cuda.h>
#include <cuda_runtime.h>

#ifdef __CUDA_RUNTIME_H__
static const char *errorName(cudaError_t error) { return cudaGetErrorName(error); }
#endif

#ifdef __cuda_cuda_h__
static const char *errorName(CUresult error) {
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name;
}
#endif

static const char *describe(cudaError_t error) { return cudaGetErrorString(error); }

#ifdef __CUDA_RUNTIME_H__
static const char *describe(CUresult error) {
  const char *text = nullptr;
  cuGetErrorString(error, &text);
  return text;
}
#endif
