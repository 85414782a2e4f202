// check: rocm-6.4
// Half-precision GEMM through cuBLAS: cublas_v2.h also brought in cuda_fp16.h, and
// cublasHgemm takes __half pointers. The file names no fp16 header of its own.
#include <cublas_v2.h>

template <typename T> struct Gemm;

template <> struct Gemm<__half> {
  static cublasStatus_t run(cublasHandle_t handle, int n, const __half *a, const __half *b,
                            __half *c) {
    const __half one = __float2half(1.0f), zero = __float2half(0.0f);
    return cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  }
};

cublasStatus_t multiply(cublasHandle_t handle, int n, const __half *a, const __half *b,
                        __half *c) {
  return Gemm<__half>::run(handle, n, a, b, c);
}
