// A header of the project: one GEMM per element type, half precision included.
#pragma once
#include <cublas_v2.h>
#include <cuda_fp16.h>

using half_type = __half;

template <typename T> struct gemm_traits;

template <> struct gemm_traits<__half> {
  static cublasStatus_t gemm(cublasHandle_t handle, int n, const __half *alpha,
                             const __half *a, const __half *b, const __half *beta, __half *c) {
    return cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, a, n, b, n, beta, c, n);
  }
};
