// check: rocm-6.4
// With --roc, a file that uses no ROC math library keeps HIP's complex and half types,
// as do the words half and cuComplex outside code ("half" in a string, a member).
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>

struct Split { int half; };

__global__ void mix(hipComplex *x, __half *h, Split s) {
  x[threadIdx.x] = hipCaddf(x[threadIdx.x], make_hipComplex(1.0f, 0.0f));
  h[threadIdx.x] = __hadd(h[threadIdx.x], __float2half(0.5f + s.half));
}

const char *kLabel = "half of a cuComplex";
