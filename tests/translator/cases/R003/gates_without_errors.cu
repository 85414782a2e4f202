// check: nvcc rocm-6.4
// Gates that must stay off on HIP 6.4 because their blocks name what HIP lacks: the
// architecture as a macro value, CUDA 12.8's fp4 header and e8m0 conversion (no table
// row), and a call of a helper defined only under such a gate. Each keeps its CUDA test
// (false on HIP) with a finding, so the alternative compiles in both passes.
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
#define DEVICE_ARCH __CUDA_ARCH__
#else
#define DEVICE_ARCH 0
#endif

#if CUDART_VERSION >= 11080
#include <cuda_fp8.h>
#endif

#if CUDART_VERSION >= 12080
#include <cuda_fp4.h>
__device__ unsigned char pack_fp4(float x) {
  return __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundNearest);
}
#endif

#if CUDART_VERSION >= 12080
__device__ unsigned char scale_e8m0(float x) {
  return __nv_cvt_float_to_e8m0(x, __NV_SATFINITE, cudaRoundZero);
}
#endif

__global__ void quantize(const float *in, unsigned char *out, int *arch) {
  arch[0] = DEVICE_ARCH;
#if CUDART_VERSION >= 12080
  out[threadIdx.x] = pack_fp4(in[threadIdx.x]) ^ scale_e8m0(in[threadIdx.x]);
#else
  out[threadIdx.x] = in[threadIdx.x] > 0.0f;
#endif
}
