// check: nvcc hipcc
#include <hip/hip_runtime.h>

// The symbol is passed as its address already (the C API form): no HIP_SYMBOL.
hipError_t copy(const void *symbol, const float *source, size_t bytes) {
  return hipMemcpyToSymbol(symbol, source, bytes);
}
