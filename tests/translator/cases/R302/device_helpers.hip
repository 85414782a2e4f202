// check: rocm-6.4
// A cuBLAS file with its own kernels: with --roc the complex helpers become the ROC
// complex class's operations, bfloat16 converts through rocblas_bfloat16, and half
// values are moved as bits between HIP's __half and rocblas_half.
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>
#include <hip/hip_complex.h>
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

__global__ void rotate(int n, rocblas_float_complex factor, rocblas_float_complex *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = std::plus<>{}(std::multiplies<>{}(factor, x[i]), std::conj(x[i]));
  if (i == 0) x[0] = std::divides<>{}(std::minus<>{}(x[0], factor), rocblas_float_complex(2.0f, 0.0f));
}

__global__ void to_half(int n, const float *in, rocblas_half *out, rocblas_bfloat16 *shadow) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = __builtin_bit_cast(rocblas_half, __float2half(in[i]));
    shadow[i] = rocblas_bfloat16(__half2float(__builtin_bit_cast(__half, out[i])));
  }
}

float first_value(const rocblas_bfloat16 *shadow) { return float(shadow[0]); }

int scale(rocblas_handle handle, int n, rocblas_float_complex *x, float *in, rocblas_half *out,
          rocblas_bfloat16 *shadow) {
  rocblas_float_complex factor = rocblas_float_complex(0.0f, 1.0f);
  rotate<<<(n + 255) / 256, 256>>>(n, factor, x);
  to_half<<<(n + 255) / 256, 256>>>(n, in, out, shadow);
  return rocblas_cscal(handle, n, &factor, x, 1) == rocblas_status_success ? 0 : 1;
}
