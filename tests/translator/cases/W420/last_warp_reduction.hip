#include <hip/hip_runtime.h>

__global__ void reduce(const float *in, float *out) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    volatile float *v = sdata;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void reduce_loop(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32)
    for (int offset = 32; offset > 0; offset >>= 1) s[t] += s[t + offset];
  if (t == 0) out[blockIdx.x] = s[0];
}
