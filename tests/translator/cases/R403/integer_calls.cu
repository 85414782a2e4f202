// check: nvcc hipcc
// CUDA's integer min/max functions, with mixed operand types as kernels pass them.
#include <cuda_runtime.h>

__global__ void clamp_indices(unsigned int *index, long long *offset, unsigned long long *key, int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int last = umin(i, (unsigned int)n - 1);
  index[last] = umax(index[last], threadIdx.x);
  offset[last] = llmax(llmin(offset[last], 1024ll), -1024ll);
  key[last] = ullmin(key[last], 0xffffull) + ullmax(key[0], 1ull);
}
