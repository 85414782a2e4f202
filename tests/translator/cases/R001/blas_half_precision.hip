// check: rocm-6.4
// Half-precision GEMM through cuBLAS: cublas_v2.h also brought in cuda_fp16.h, and
// cublasHgemm takes __half pointers. The file names no fp16 header of its own.
#define HIPBLAS_USE_HIP_HALF 1
#include <hipblas/hipblas.h>

template <typename T> struct Gemm;

template <> struct Gemm<__half> {
  static hipblasStatus_t run(hipblasHandle_t handle, int n, const __half *a, const __half *b,
                            __half *c) {
    const __half one = __float2half(1.0f), zero = __float2half(0.0f);
    return hipblasHgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  }
};

hipblasStatus_t multiply(hipblasHandle_t handle, int n, const __half *a, const __half *b,
                        __half *c) {
  return Gemm<__half>::run(handle, n, a, b, c);
}
