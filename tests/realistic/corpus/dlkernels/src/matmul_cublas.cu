// Matmul forward through cuBLAS (row-major via the transposed problem),
// with the bias added by a small kernel.
#include <cublas_v2.h>

#include "dlk/common.cuh"
#include "dlk/ops.h"

#define CUBLAS_CHECK(call)                                                              \
  do {                                                                                  \
    cublasStatus_t status_ = (call);                                                    \
    if (status_ != CUBLAS_STATUS_SUCCESS) {                                             \
      fprintf(stderr, "[cuBLAS ERROR]: %d %s %d\n", (int)status_, __FILE__, __LINE__); \
      exit(EXIT_FAILURE);                                                               \
    }                                                                                   \
  } while (0)

namespace dlk {

static cublasHandle_t cublas_handle() {
  static cublasHandle_t handle = nullptr;
  if (handle == nullptr) {
    CUBLAS_CHECK(cublasCreate(&handle));
    CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH));
  }
  return handle;
}

__global__ void add_bias_kernel(float *out, const float *bias, int rows, int OC) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < rows * OC) out[idx] += bias[idx % OC];
}

void matmul_forward(float *out, const float *inp, const float *weight, const float *bias, int B, int T,
                    int C, int OC, cudaStream_t stream) {
  const float alpha = 1.0f, beta = 0.0f;
  cublasHandle_t handle = cublas_handle();
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_T, CUBLAS_OP_N, OC, B * T, C, &alpha, weight, C, inp, C,
                           &beta, out, OC));
  if (bias != nullptr) {
    int n = B * T * OC;
    add_bias_kernel<<<ceil_div(n, 256), 256, 0, stream>>>(out, bias, B * T, OC);
    CUDA_KERNEL_CHECK();
  }
}

// Batched form used by attention: Q*K^T for every head at once.
void batched_scores(float *scores, const float *q, const float *k, int batch, int T, int HS,
                    cudaStream_t stream) {
  const float alpha = 1.0f / sqrtf((float)HS), beta = 0.0f;
  cublasHandle_t handle = cublas_handle();
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  CUBLAS_CHECK(cublasSgemmStridedBatched(handle, CUBLAS_OP_T, CUBLAS_OP_N, T, T, HS, &alpha, k, HS,
                                         (long long)T * HS, q, HS, (long long)T * HS, &beta, scores, T,
                                         (long long)T * T, batch));
  CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &alpha, scores, CUDA_R_32F, T,
                            scores, CUDA_R_32F, T, &beta, scores, CUDA_R_32F, T, CUBLAS_COMPUTE_32F,
                            CUBLAS_GEMM_DEFAULT));
}

}  // namespace dlk
