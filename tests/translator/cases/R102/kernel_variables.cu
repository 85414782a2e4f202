// check: nvcc hipcc
#include <cuda_runtime.h>

template <int TILE>
__global__ void tiled(float *p) { p[threadIdx.x % TILE] += 1.0f; }

__global__ void plain(float *p) { p[threadIdx.x] = 0.0f; }

// Variables that hold a kernel are cast too; a variable that already is a data
// pointer is not.
void configure(const void *entry) {
  auto kernel = tiled<32>;
  void (*pointer)(float *) = plain;
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 8192);
  cudaFuncSetAttribute(pointer, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
  cudaFuncSetCacheConfig(entry, cudaFuncCachePreferShared);
}
