// check:  (valid CUDA for sm_80 and newer)
#include <cuda_runtime.h>

__global__ void spin(unsigned int *out) {
  unsigned int total = __reduce_add_sync(0xffffffffu, 1u);
  __nanosleep(100);
  out[threadIdx.x] = total;
}
