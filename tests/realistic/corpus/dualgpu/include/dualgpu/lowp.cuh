#pragma once
// Low-precision storage: bfloat16 weights everywhere, fp8 where the toolkit has it.
#include "dualgpu/gpu_vendor.h"

#if defined(DUALGPU_USE_HIP)
#include <hip/hip_bfloat16.h>
#else
#include <cuda_bf16.h>
#endif

#ifdef __CUDA_BF16_TYPES_EXIST__
__device__ inline float weight_at(const __nv_bfloat16 *weights, int index) {
  return __bfloat162float(weights[index]);
}
__device__ inline __nv_bfloat16 as_weight(float value) { return __float2bfloat16(value); }
#define DUALGPU_HAVE_BF16 1
#endif

#if CUDART_VERSION >= 11080
#include <cuda_fp8.h>
__device__ inline float through_fp8(float value) {
  __nv_fp8_e4m3 stored(value);
  return float(stored);
}
#else
__device__ inline float through_fp8(float value) { return value; }
#endif
