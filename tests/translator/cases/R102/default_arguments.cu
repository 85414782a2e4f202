// check: nvcc hipcc
// HIP spells out arguments that CUDA's C++ API defaults.
#include <cuda_runtime.h>
__constant__ float table[16];
__device__ float out[16];
int main() {
  float h[16] = {};
  cudaStream_t s; cudaEvent_t e;
  cudaStreamCreate(&s); cudaEventCreate(&e);
  cudaStreamWaitEvent(s, e);
  cudaMemcpyToSymbolAsync(table, h, sizeof(h));
  cudaMemcpyToSymbolAsync(table, h, sizeof(h), 0);
  cudaMemcpyToSymbolAsync(table, h, sizeof(h), 0, cudaMemcpyHostToDevice, s);
  cudaMemcpyFromSymbolAsync(h, out, sizeof(h));
  cudaArray_t a; cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaMalloc3DArray(&a, &d, make_cudaExtent(4, 4, 4));
  cudaGraph_t g; cudaGraphExec_t ge; cudaGraphCreate(&g, 0);
  cudaGraphInstantiateWithFlags(&ge, g);
  return 0;
}
