// check: nvcc hipcc
// Error helpers in the style of SDK samples test the runtime headers' include guards;
// after the port the guarded code must still be compiled, or check() has no overload.
#include <cstdio>
#include <cuda_runtime.h>

#ifdef __DRIVER_TYPES_H__
static const char *error_name(cudaError_t error) { return cudaGetErrorName(error); }
#endif

#if defined(__CUDA_RUNTIME_H__) && defined(__CUDA_RUNTIME_API_H__)
template <typename T>
void check(T result, const char *what) {
  if (result) std::fprintf(stderr, "%s: %s\n", what, error_name(result));
}
#endif

// __DRIVER_TYPES_H__ in a comment and "__CUDA_RUNTIME_H__" in a string stay.
static const char *guard = "__CUDA_RUNTIME_H__";

void reset() { check(cudaDeviceReset(), guard); }
