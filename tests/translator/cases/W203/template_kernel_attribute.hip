#include <hip/hip_runtime.h>

template <typename T, int kTile>
__global__ void tiled(T *out) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = T(tile[kTile - 1 - threadIdx.x]);
}

void configure() {
  constexpr int kBytes = 96 * 1024;
  hipFuncSetAttribute(reinterpret_cast<const void*>(tiled<float, 128>), hipFuncAttributeMaxDynamicSharedMemorySize, kBytes);
  hipFuncSetAttribute(reinterpret_cast<const void*>(tiled<double, 64>), hipFuncAttributeMaxDynamicSharedMemorySize, 32768);
}
