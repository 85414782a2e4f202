// Opt-ins whose size is computed elsewhere (a traits constant of a template, a size
// from the problem, a launch helper macro, the driver API): each exists to pass the
// 48 KiB default, more than an MI300X workgroup may have in some of them.
#include <cuda.h>
#include <cuda_runtime.h>

template <int Rows> struct TileTraits {
  static constexpr int kSharedBytes = Rows * 1024;
};

template <typename T, int Rows> __global__ void tile_kernel(T *data) {
  extern __shared__ unsigned char staging[];
  data[threadIdx.x] = static_cast<T>(staging[threadIdx.x]);
}

#define LAUNCH_WITH_SHARED(kernel, bytes, ...)                                       \
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes); \
  kernel<<<1, 256, bytes>>>(__VA_ARGS__)

void launch_tiles(float *data, int columns, CUfunction compiled) {
  int shared_bytes = columns * static_cast<int>(sizeof(float)) * 8;
  if (shared_bytes >= 48 * 1024) {
    cudaFuncSetAttribute(tile_kernel<float, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         shared_bytes);
  }
  cudaFuncSetAttribute(tile_kernel<float, 128>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       TileTraits<128>::kSharedBytes);
  cudaFuncSetAttribute(tile_kernel<float, 32>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       32 * 1024);
  cuFuncSetAttribute(compiled, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared_bytes);
  LAUNCH_WITH_SHARED((tile_kernel<float, 16>), 40 * 1024, data);
}
