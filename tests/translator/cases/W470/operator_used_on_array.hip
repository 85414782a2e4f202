// The operator is used on elements of a float2 array and through a float2 pointer: those
// uses are ambiguous with HIP's member operator.
#include <hip/hip_runtime.h>

__device__ inline void operator+=(float2 &sum, const float2 &term) {
  sum.x += term.x;
  sum.y += term.y;
}

__global__ void accumulate(const float2 *terms, float2 *totals, int n) {
  float2 partial[2] = {};
  for (int i = threadIdx.x; i < n; i += blockDim.x) partial[i & 1] += terms[i];
  totals[threadIdx.x] = partial[0];
}
