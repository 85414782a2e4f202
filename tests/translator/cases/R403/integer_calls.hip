// check: nvcc hipcc
// CUDA's integer min/max functions, with mixed operand types as kernels pass them.
#include <hip/hip_runtime.h>

__global__ void clamp_indices(unsigned int *index, long long *offset, unsigned long long *key, int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int last = min<unsigned int>(i, (unsigned int)n - 1);
  index[last] = max<unsigned int>(index[last], threadIdx.x);
  offset[last] = max<long long>(min<long long>(offset[last], 1024ll), -1024ll);
  key[last] = min<unsigned long long>(key[last], 0xffffull) + max<unsigned long long>(key[0], 1ull);
}
