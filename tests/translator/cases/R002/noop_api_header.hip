// check: nvcc hipcc
// Host code with the runtime API header only: hip_runtime_api.h is enough.
#include <hip/hip_runtime_api.h>

int devices() {
  int count = 0;
  hipGetDeviceCount(&count);
  return count;
}
