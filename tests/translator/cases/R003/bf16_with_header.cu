// check: nvcc hipcc
// With cuda_bf16.h included, the bfloat16 block is switched on for HIP 5.2 and uses
// the hip_bfloat16 class of hip/hip_bfloat16.h.
#include <cuda_runtime.h>
#include <cuda_bf16.h>

#if defined(__CUDA_BF16_TYPES_EXIST__)
__global__ void to_bf16(const float *in, __nv_bfloat16 *out) {
  out[threadIdx.x] = __float2bfloat16(in[threadIdx.x]);
}
#endif
