// Block reduction in the style of many CUDA samples. Labels: "hazard: <category>".
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define BLOCK_SIZE 256
#define WARP_SZ 32  // hazard: warp-size

template <unsigned blockSize>
__device__ void warpReduce(volatile float *sdata, unsigned tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];  // hazard: warp-synchronous
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
}

__device__ float shuffleSum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)  // hazard: warp-size
    v += __shfl_down_sync(0xffffffff, v, offset);  // hazard: lane-mask
  return v;
}

__global__ void reduceKernel(const float *in, float *out, int n) {
  __shared__ float sdata[BLOCK_SIZE];
  __shared__ float warpSums[32];  // hazard: warp-size
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce<BLOCK_SIZE>(sdata, tid);
  float v = shuffleSum(sdata[tid]);
  int lane = tid % 32;  // hazard: warp-size
  int warp = tid / 32;  // hazard: warp-size
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();
  if (tid == 0) out[blockIdx.x] = sdata[0] + warpSums[0];
}

int main() {
  const int n = 1 << 20;
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
  float *h_in = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) h_in[i] = 1.0f;
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, blocks * sizeof(float));
  cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
  reduceKernel<<<blocks, BLOCK_SIZE>>>(d_in, d_out, n);
  cudaDeviceSynchronize();
  printf("first partial %f\n", d_out[0]);  // hazard: host-deref
  cudaFree(d_in);
  cudaFree(d_out);
  free(h_in);
  return 0;
}
