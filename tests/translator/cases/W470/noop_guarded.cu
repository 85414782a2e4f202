// check: nvcc hipcc
// Already kept for CUDA only, in a comment, or with types HIP lacks: nothing to report.
#include <cuda_runtime.h>

// __device__ float atomicMax(float *address, float value);
#if !defined(__HIP_PLATFORM_AMD__)
__device__ double atomicMin(double *address, double value) {
  return __longlong_as_double(atomicMin((long long *)address, __double_as_longlong(value)));
}
#endif

struct vec3 {
  float x, y, z;
};
__host__ __device__ inline void operator+=(vec3 &a, const vec3 &b) { a.x += b.x; }
__device__ short atomicSub(short *address, short value) { return *address; }
