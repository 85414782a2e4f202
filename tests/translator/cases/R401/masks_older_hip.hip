// check: nvcc hipcc
#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffff

__device__ float warp_sum(float value) {
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down(value, offset);
  return value;
}

__global__ void vote(const float *in, unsigned *out) {
  float v = in[threadIdx.x];
  float first = __shfl(v, 0);
  float up = __shfl_up(v, 1, 16);
  float swapped = __shfl_xor(v, 1);
  unsigned ballot = __ballot(v > first + up + swapped);
  int any = __any(v > 0.0f);
  int all = __all(v > 0.0f);
  unsigned mask = 0xffffffffu;
  float shared = __shfl(v, 2);
  __builtin_amdgcn_wave_barrier();
  out[threadIdx.x] = ballot + any + all + static_cast<unsigned>(shared + warp_sum(v));
}
