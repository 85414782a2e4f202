// check: nvcc
// Helpers CUDA lacks, as projects write them; HIP's headers define the same functions.
#include <cuda_runtime.h>

__device__ float atomicMax(float *address, float value) {
  int *bits = reinterpret_cast<int *>(address);
  int old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __float_as_int(fmaxf(value, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ unsigned long long atomicSub(unsigned long long *address, unsigned long long value) {
  return atomicAdd(address, 0ull - value);
}

__host__ __device__ inline void operator+=(float3 &a, const float3 &b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}

// These stay: CUDA has int atomicMax, and a non-template operator+ wins over HIP's templates.
__device__ int atomicMaxInt(int *address, int value) { return atomicMax(address, value); }
__host__ __device__ inline float3 operator+(const float3 &a, const float3 &b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__host__ __device__ inline void operator*=(float3 &a, float s) { a.x *= s; a.y *= s; a.z *= s; }

__global__ void accumulate(const float3 *forces, float3 *sum, float *peak, unsigned long long *left,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float3 f = forces[i];
  f *= 0.5f;
  float3 total = sum[0] + f;
  total += f;
  sum[1] = total;
  atomicMax(peak, f.x);
  atomicSub(left, 1ull);
}
