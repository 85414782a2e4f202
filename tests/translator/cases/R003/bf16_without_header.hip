// check: nvcc hipcc
// cuda_fp16.h brings CUDA's bfloat16 too; HIP's fp16 header does not. A bfloat16 block
// behind the feature macro stays off, on HIP 5.2 as on 6.x, when the file does not
// include cuda_bf16.h itself; the half code around it is translated.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void halve(__half *x) { x[threadIdx.x] = __hmul(x[threadIdx.x], __float2half(0.5f)); }

#if defined(__CUDA_BF16_TYPES_EXIST__)
__global__ void to_bf16(const float *in, __nv_bfloat16 *out) {
  out[threadIdx.x] = __float2bfloat16(in[threadIdx.x]);
}
#endif
