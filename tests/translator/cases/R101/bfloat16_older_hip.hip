// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>

// HIP before 5.7 has only the hip_bfloat16 class: conversions become its constructor
// and its conversion to float.
__global__ void widen(const hip_bfloat16 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = float(in[i]) * 2.0f;
}

__global__ void narrow(hip_bfloat16 *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = hip_bfloat16(in[i]);
}
