// Particle helpers as DEM and SPH codes write them: vector operators, float atomics that
// CUDA lacks, and look-alikes that HIP does not define (which must stay silent).
#include <cuda_runtime.h>

__host__ __device__ inline float3 operator+(const float3 &a, const float3 &b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__host__ __device__ inline float3 operator-(const float3 &a, const float3 &b) {
  return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}
__host__ __device__ inline float3 operator*(const float3 &a, float s) {
  return make_float3(a.x * s, a.y * s, a.z * s);
}
__host__ __device__ inline void operator+=(float3 &a, const float3 &b) {  // hazard: unsupported-api
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}
__host__ __device__ inline void operator-=(float4 &a, float4 b) {  // unused: compiles with HIP
  a.x -= b.x;
  a.y -= b.y;
  a.z -= b.z;
  a.w -= b.w;
}
__host__ __device__ inline void operator*=(float3 &a, float s) {
  a.x *= s;
  a.y *= s;
  a.z *= s;
}
__host__ __device__ inline float dot(const float3 &a, const float3 &b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

__device__ float atomicMin(float *address, float value) {  // hazard: unsupported-api
  int *bits = reinterpret_cast<int *>(address);
  int old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __float_as_int(fminf(value, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ double atomicMax(double *address, double value) {  // hazard: unsupported-api
  unsigned long long *bits = reinterpret_cast<unsigned long long *>(address);
  unsigned long long old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __double_as_longlong(fmax(value, __longlong_as_double(assumed))));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__device__ float atomicSub(float *address, float value) {  // hazard: unsupported-api
  return atomicAdd(address, -value);
}

__device__ int atomicMaxIndex(int *address, int value) { return atomicMax(address, value); }
__device__ short atomicSub(short *address, short value) { return *address; }

__global__ void integrate(float3 *position, float3 *velocity, const float3 *force, float *min_gap,
                          double *max_energy, float *budget, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float3 v = velocity[i];
  v += force[i] * dt;
  v *= 0.999f;
  velocity[i] = v;
  position[i] = position[i] + v * dt;
  atomicMin(min_gap, dot(v, v));
  atomicMax(max_energy, 0.5 * dot(v, v));
  atomicSub(budget, dt);
}
