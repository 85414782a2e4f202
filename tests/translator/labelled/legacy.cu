// Old-style CUDA: texture references, deprecated calls, inline PTX, cache config.
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> inputTex;  // hazard: texture-reference

__device__ unsigned laneId() {
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));  // hazard: inline-asm
  return id;
}

__device__ float warpMax(float v) {
  v = fmaxf(v, __shfl_xor(v, 16));  // hazard: deprecated-api, warp-size
  v = fmaxf(v, __shfl_xor(v, 8));  // hazard: deprecated-api
  return v;
}

__global__ void gather(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = warpMax(tex1Dfetch(inputTex, i)) + laneId();
}

void run(float *d_out, const float *d_in, int n) {
  cudaBindTexture(0, inputTex, d_in, n * sizeof(float));  // hazard: texture-reference
  cudaFuncSetCacheConfig(gather, cudaFuncCachePreferL1);  // hazard: unsupported-api
  gather<<<(n + 255) / 256, 256>>>(d_out, n);
  cudaThreadSynchronize();  // hazard: deprecated-api
  cudaUnbindTexture(inputTex);  // hazard: texture-reference
}
