// With RDNA targets only, wavefronts have 32 lanes: the calls stay as written and
// W413 suggests the 64-bit versions. Bit counts of data words are never changed.
#include <hip/hip_runtime.h>

__global__ void vote(const unsigned *words, int *out) {
  unsigned voters = __ballot_sync(0xffffffffffffffff, words[threadIdx.x] != 0);
  out[0] = __popc(voters);
  out[1] = __ffs(__activemask()) - 1;
  out[2] = __popc(words[threadIdx.x]) + __clz(words[threadIdx.x]);
}
