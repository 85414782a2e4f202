#include "dualgpu/gpu_vendor.h"
#include "dualgpu/lowp.cuh"

__global__ void quantize_in_place(float *values, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    values[i] = through_fp8(values[i]);
  }
}

#if defined(DUALGPU_HAVE_BF16)
__global__ void scale_by_weights(const __nv_bfloat16 *weights, float *values, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    values[i] *= weight_at(weights, i);
  }
}

__global__ void store_weights(const float *values, __nv_bfloat16 *weights, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    weights[i] = as_weight(values[i]);
  }
}
#endif

cudaError_t quantize(float *values, int count, cudaStream_t stream) {
  quantize_in_place<<<(count + 127) / 128, 128, 0, stream>>>(values, count);
  return cudaGetLastError();
}
