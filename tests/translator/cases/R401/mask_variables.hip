// check: nvcc
#include <cstdint>
#include <hip/hip_runtime.h>

__global__ void vote(const int *in, int *out, unsigned long long lanes) {
  unsigned long long active = __activemask();
  unsigned neg = __ballot_sync(active, in[threadIdx.x] < 0);
  const unsigned long long full = 0xffffffffffffffff;
  unsigned long long half = (1u << 16) - 1;
  int s = __shfl_sync(full, in[threadIdx.x], 0) + __shfl_sync(half, 1, 0);
  __builtin_amdgcn_wave_barrier();
  out[threadIdx.x] = s + (int)neg + __any_sync(lanes, s > 0);
}
