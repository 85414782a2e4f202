// A kernel kept in a .cc file that the build compiles with "nvcc -x cu": nvcc included
// the runtime here as in any .cu file; the runtime API header alone declares no kernels.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime_api.h>
#include "scale.h"

__global__ void scale(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

void scale_on_device(float *data, float factor, int n, hipStream_t stream) {
  scale<<<(n + 255) / 256, 256, 0, stream>>>(data, factor, n);
}
