// check: rocm-6.4
// A cuBLAS file with its own kernels: with --roc the complex helpers become the ROC
// complex class's operations, bfloat16 converts through rocblas_bfloat16, and half
// values are moved as bits between HIP's __half and rocblas_half.
#include <cublas_v2.h>
#include <cuComplex.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void rotate(int n, cuComplex factor, cuComplex *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = cuCaddf(cuCmulf(factor, x[i]), cuConjf(x[i]));
  if (i == 0) x[0] = cuCdivf(cuCsubf(x[0], factor), make_cuFloatComplex(2.0f, 0.0f));
}

__global__ void to_half(int n, const float *in, __half *out, __nv_bfloat16 *shadow) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = __float2half(in[i]);
    shadow[i] = __float2bfloat16(__half2float(out[i]));
  }
}

float first_value(const __nv_bfloat16 *shadow) { return __bfloat162float(shadow[0]); }

int scale(cublasHandle_t handle, int n, cuComplex *x, float *in, __half *out,
          __nv_bfloat16 *shadow) {
  cuComplex factor = make_cuComplex(0.0f, 1.0f);
  rotate<<<(n + 255) / 256, 256>>>(n, factor, x);
  to_half<<<(n + 255) / 256, 256>>>(n, in, out, shadow);
  return cublasCscal(handle, n, &factor, x, 1) == CUBLAS_STATUS_SUCCESS ? 0 : 1;
}
