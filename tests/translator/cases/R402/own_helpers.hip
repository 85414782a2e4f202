// check: nvcc hipcc
// A project's own cache-hint helpers: a pair type loaded through CUDA's float2 builtin,
// and a generic streaming store for any type. Only CUDA's builtins are rewritten.
#include <hip/hip_runtime.h>

struct pair64 {
  float hi, lo;
};

__device__ __forceinline__ pair64 __ldcs(const pair64 *p) {
  float2 v = *(reinterpret_cast<const float2 *>(p));
  return pair64{v.x, v.y};
}

template <typename T>
__device__ __forceinline__ void __stwt(T *p, T v) {
  *p = v;
}

__global__ void copy_pairs(const pair64 *in, pair64 *out, float *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  pair64 v = __ldcs(in + i);
  __stwt(out + i, v);
  __stwt(sums + i, v.hi + v.lo);
}
