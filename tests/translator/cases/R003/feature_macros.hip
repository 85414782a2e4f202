// check: nvcc hipcc
// Feature and compiler macros: kept when HIP has what their block uses.
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>

#if defined(__HIP_PLATFORM_AMD__)
__device__ float widen(hip_bfloat16 value) { return float(value); }
__device__ hip_bfloat16 narrow(float value) { return hip_bfloat16(value); }
#endif

#if defined(__CUDA_FP8_TYPES_EXIST__)
__device__ float widen_fp8(__nv_fp8_e5m2 value) { return float(value); }
#endif

#if defined(__HIPCC__)
int stream_count() {
  hipStream_t stream;
  if (hipStreamCreate(&stream) != hipSuccess) return 0;
  return hipStreamDestroy(stream) == hipSuccess;
}
#endif
