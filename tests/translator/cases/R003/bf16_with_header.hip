// check: nvcc hipcc
// With cuda_bf16.h included, the bfloat16 block is switched on for HIP 5.2 and uses
// the hip_bfloat16 class of hip/hip_bfloat16.h.
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>

#if defined(__HIP_PLATFORM_AMD__)
__global__ void to_bf16(const float *in, hip_bfloat16 *out) {
  out[threadIdx.x] = hip_bfloat16(in[threadIdx.x]);
}
#endif
