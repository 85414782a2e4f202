// A PyTorch extension's kernel file: its ROCm branches were written for PyTorch's
// build-time hipify, so they still spell CUDA names where hipify renames them. That is
// code hipcc compiles with -DUSE_ROCM: it is translated; the CUDA alternatives stay.
#include <cstdint>
#ifdef USE_ROCM
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
typedef __hip_bfloat16 bf16_t;
#define LANES 64
#else
#include <cuda_runtime.h>
#include <cuda_bf16.h>
typedef __nv_bfloat16 bf16_t;
#define LANES 32
#endif

__device__ float lane_sum(float value) {
  for (int offset = LANES / 2; offset > 0; offset /= 2) {
#ifdef USE_ROCM
    value += __shfl_xor(value, offset);
#else
    value += __shfl_xor_sync(0xffffffffu, value, offset);
#endif
  }
  return value;
}

__global__ void row_sums(const bf16_t *in, float *out, int cols) {
  float value = __bfloat162float(in[blockIdx.x * cols + threadIdx.x]);
  value = lane_sum(value);
  if (threadIdx.x == 0) out[blockIdx.x] = value;
}

int launch_row_sums(const bf16_t *in, float *out, int rows, int cols, hipStream_t stream) {
#ifdef USE_ROCM
  hipFuncSetAttribute(reinterpret_cast<const void*>(row_sums), hipFuncAttributeMaxDynamicSharedMemorySize, 0);
  row_sums<<<rows, LANES, 0, stream>>>(in, out, cols);
  hipError_t status = hipGetLastError();
#else
  row_sums<<<rows, LANES, 0, stream>>>(in, out, cols);
  cudaError_t status = cudaPeekAtLastError();
#endif
  return status == hipSuccess ? 0 : 1;
}
