// check: nvcc
#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffffffffffff

__device__ float warp_sum(float value) {
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down_sync(0xffffffffffffffff, value, offset);
  return value;
}

__global__ void vote(const float *in, unsigned *out) {
  float v = in[threadIdx.x];
  float first = __shfl_sync(FULL_MASK, v, 0);
  float up = __shfl_up_sync(FULL_MASK, v, 1, 16);
  float swapped = __shfl_xor_sync(0xffffffffffffffff, v, 1);
  unsigned ballot = __ballot_sync(0x0000ffffull, v > first + up + swapped);
  int any = __any_sync(0xffffffffffffffff, v > 0.0f);
  int all = __all_sync(__activemask(), v > 0.0f);
  unsigned long long mask = 0xffffffffffffffff;
  float shared = __shfl_sync(mask, v, 2);
  __builtin_amdgcn_wave_barrier();
  out[threadIdx.x] = ballot + any + all + static_cast<unsigned>(shared + warp_sum(v));
}
