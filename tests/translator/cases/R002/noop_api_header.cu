// check: nvcc hipcc
// Host code with the runtime API header only: hip_runtime_api.h is enough.
#include <cuda_runtime_api.h>

int devices() {
  int count = 0;
  cudaGetDeviceCount(&count);
  return count;
}
