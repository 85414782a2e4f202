// check: nvcc hipcc
// Error helpers in the style of SDK samples test the runtime headers' include guards;
// after the port the guarded code must still be compiled, or check() has no overload.
#include <cstdio>
#include <hip/hip_runtime.h>

#ifdef HIP_VERSION
static const char *error_name(hipError_t error) { return hipGetErrorName(error); }
#endif

#if defined(HIP_VERSION) && defined(HIP_VERSION)
template <typename T>
void check(T result, const char *what) {
  if (result) std::fprintf(stderr, "%s: %s\n", what, error_name(result));
}
#endif

// __DRIVER_TYPES_H__ in a comment and "__CUDA_RUNTIME_H__" in a string stay.
static const char *guard = "__CUDA_RUNTIME_H__";

void reset() { check(hipDeviceReset(), guard); }
