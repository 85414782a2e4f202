// check: nvcc hipcc
// Before HIP 5.2 the streaming hints are dropped, with a note.
#include <hip/hip_runtime.h>

__global__ void scale(const float *x, float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) *(y + i) = a * *(x + i);
}
