#include <cuda_runtime.h>

// Bit i of a packed flag array: 32 is the width of a word, not of a warp.
__global__ void unpack(const unsigned int *packed, unsigned char *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  flags[i] = (packed[i / 32] >> (i % 32)) & 1u;
  flags[n + i] = (packed[i >> 5] >> (i & 31)) & 1u;
}
