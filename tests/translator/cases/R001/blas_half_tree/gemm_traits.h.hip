// A header of the project: one GEMM per element type, half precision included.
#pragma once
#define HIPBLAS_USE_HIP_HALF 1
#include <hipblas/hipblas.h>
#include <hip/hip_fp16.h>

using half_type = __half;

template <typename T> struct gemm_traits;

template <> struct gemm_traits<__half> {
  static hipblasStatus_t gemm(hipblasHandle_t handle, int n, const __half *alpha,
                             const __half *a, const __half *b, const __half *beta, __half *c) {
    return hipblasHgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, alpha, a, n, b, n, beta, c, n);
  }
};
