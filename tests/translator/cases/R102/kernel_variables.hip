// check: nvcc hipcc
#include <hip/hip_runtime.h>

template <int TILE>
__global__ void tiled(float *p) { p[threadIdx.x % TILE] += 1.0f; }

__global__ void plain(float *p) { p[threadIdx.x] = 0.0f; }

// Variables that hold a kernel are cast too; a variable that already is a data
// pointer is not.
void configure(const void *entry) {
  auto kernel = tiled<32>;
  void (*pointer)(float *) = plain;
  hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize, 8192);
  hipFuncSetAttribute(reinterpret_cast<const void*>(pointer), hipFuncAttributePreferredSharedMemoryCarveout, 50);
  hipFuncSetCacheConfig(entry, hipFuncCachePreferShared);
}
