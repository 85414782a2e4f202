#include <cuda_runtime.h>

// The lane's own bit of a ballot: here % 32 and / 32 are lane and warp indices.
__global__ void own_vote(const int *in, int *out) {
  unsigned int votes = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  out[threadIdx.x / 32] = (votes >> (threadIdx.x % 32)) & 1u;
}

// A lane bit kept in a variable: no word of a bitset is picked or updated.
__global__ void own_bit(const int *in, int *out) {
  unsigned int bit = 1u << (threadIdx.x % 32);
  out[threadIdx.x] = bit;
}
