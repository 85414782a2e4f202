// check: rocm-6.4
// This file already tells nvcc from hipcc. Its vector operators are for nvcc only: HIP's
// vector types come with them, and are no aggregates, so the designated initializers
// below would not compile there.
#if defined(__NVCC__)
#include <cuda_runtime.h>
#elif defined(__HIP__)
#include <hip/hip_runtime.h>
#endif

#if defined(__NVCC__)
inline __host__ __device__ float2 operator+(const float2 &a, const float2 &b) {
  float2 sum = {.x = a.x + b.x, .y = a.y + b.y};
  return sum;
}
#endif

__global__ void add(float2 *out, const float2 *a, const float2 *b) {
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}
