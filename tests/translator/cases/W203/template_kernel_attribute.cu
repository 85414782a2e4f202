#include <cuda_runtime.h>

template <typename T, int kTile>
__global__ void tiled(T *out) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = T(tile[kTile - 1 - threadIdx.x]);
}

void configure() {
  constexpr int kBytes = 96 * 1024;
  cudaFuncSetAttribute(tiled<float, 128>, cudaFuncAttributeMaxDynamicSharedMemorySize, kBytes);
  cudaFuncSetAttribute(tiled<double, 64>, cudaFuncAttributeMaxDynamicSharedMemorySize, 32768);
}
