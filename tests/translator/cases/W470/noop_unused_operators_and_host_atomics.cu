// A math helper header defines compound assignments for every vector type, and a host
// fallback of the device atomics. Nothing here uses float4 += or int2 -=: the definitions
// alone compile with HIP, and a host atomicMax overloads HIP's device one.
#include <algorithm>
#include <cuda_runtime.h>

inline __host__ __device__ void operator+=(float4 &left, float4 right) {
  left.x += right.x; left.y += right.y; left.z += right.z; left.w += right.w;
}
inline __host__ __device__ void operator-=(int2 &left, int2 right) {
  left.x -= right.x; left.y -= right.y;
}

inline float atomicMax(float *address, float value) {
  *address = std::max(*address, value);
  return *address;
}

__global__ void shift(float4 *points, float dx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) points[i].x += dx;
}
