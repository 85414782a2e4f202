#include <hip/hip_runtime.h>

// Each tile fits the LDS; together they do not, so the kernel is the place to look.
__global__ void pair(float *out) {
  __shared__ float a[8192];
  __shared__ float b[8192];
  __shared__ float c[512];
  a[threadIdx.x] = b[threadIdx.x] + c[threadIdx.x % 512];
  out[threadIdx.x] = a[threadIdx.x];
}
