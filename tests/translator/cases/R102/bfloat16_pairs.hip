// check: nvcc rocm-6.4
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>

// HIP 6.4 has no __floats2bfloat162_rn, __float2bfloat162_rn or make_bfloat162: the pair
// is built from single conversions, which round to nearest even as CUDA's do.
__global__ void pack(const float *x, __hip_bfloat162 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __hip_bfloat162 both = __halves2bfloat162(__float2bfloat16(x[i]), __float2bfloat16(x[i] * 2.0f));
  __hip_bfloat162 same = __bfloat162bfloat162(__float2bfloat16(x[i] + 1.0f));
  out[i] = __hadd2(both, same);
  out[n + i] = __halves2bfloat162(__float2bfloat16(x[i]), __float2bfloat16(-x[i]));
}
