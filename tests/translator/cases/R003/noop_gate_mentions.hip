// check: nvcc hipcc
// "#if CUDART_VERSION >= 11080" and __CUDA_BF16_TYPES_EXIST__ in comments and strings
// are not gates.
#include <hip/hip_runtime.h>

const char *gate_text = "#ifdef __CUDA_BF16_TYPES_EXIST__";

int device_count() {
  int count = 0;
  return hipGetDeviceCount(&count) == hipSuccess ? count : 0;
}
