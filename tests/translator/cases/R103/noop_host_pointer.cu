// check: nvcc hipcc
#include <cuda_runtime.h>

// The symbol is passed as its address already (the C API form): no HIP_SYMBOL.
cudaError_t copy(const void *symbol, const float *source, size_t bytes) {
  return cudaMemcpyToSymbol(symbol, source, bytes);
}
