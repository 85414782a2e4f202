// check: nvcc hipcc
// Feature and compiler macros: kept when HIP has what their block uses.
#include <cuda_runtime.h>
#include <cuda_bf16.h>

#ifdef __CUDA_BF16_TYPES_EXIST__
__device__ float widen(__nv_bfloat16 value) { return __bfloat162float(value); }
__device__ __nv_bfloat16 narrow(float value) { return __float2bfloat16(value); }
#endif

#if defined(__CUDA_FP8_TYPES_EXIST__)
__device__ float widen_fp8(__nv_fp8_e5m2 value) { return float(value); }
#endif

#if defined(__NVCC__)
int stream_count() {
  cudaStream_t stream;
  if (cudaStreamCreate(&stream) != cudaSuccess) return 0;
  return cudaStreamDestroy(stream) == cudaSuccess;
}
#endif
