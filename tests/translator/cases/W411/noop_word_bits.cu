#include <cuda_runtime.h>

#define BITS 32

// A bitset of 32-bit words: the shift amount is reduced to a bit of one word.
__global__ void mark(unsigned int *words, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n) return;
  atomicOr(&words[gid / BITS], 1u << (gid % BITS));
  atomicOr(&words[gid >> 5], 1u << (gid & 31));
  atomicOr(&words[gid / 32], 1 << gid % 32);
}
