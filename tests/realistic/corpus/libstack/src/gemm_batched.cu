// Batched and mixed-precision matrix products with cuBLAS.
#include <cublas_v2.h>
#include <cuda_fp16.h>

#include "libstack/api.h"
#include "libstack/device_buffer.cuh"

#define CHECK_CUBLAS(call) LS_EXPECT(call, CUBLAS_STATUS_SUCCESS)

namespace libstack {
namespace {

// One handle per process, bound to the caller's stream for each call.
cublasHandle_t handle() {
  static cublasHandle_t shared = [] {
    cublasHandle_t created;
    CHECK_CUBLAS(cublasCreate(&created));
    CHECK_CUBLAS(cublasSetPointerMode(created, CUBLAS_POINTER_MODE_HOST));
    return created;
  }();
  return shared;
}

// The pointer arrays of cublasSgemmBatched, computed where they are used.
__global__ void batch_pointers(const float *A, const float *B, float *C, long long a_stride,
                               long long b_stride, long long c_stride, int batch,
                               const float **As, const float **Bs, float **Cs) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < batch) {
    As[i] = A + i * a_stride;
    Bs[i] = B + i * b_stride;
    Cs[i] = C + i * c_stride;
  }
}

}  // namespace

void batched_gemm(const float *A, const float *B, float *C, int m, int n, int k, int batch,
                  cudaStream_t stream) {
  cublasHandle_t h = handle();
  CHECK_CUBLAS(cublasSetStream(h, stream));
  const float alpha = 1.0f, beta = 0.0f;
  const long long a_stride = 1LL * m * k, b_stride = 1LL * k * n, c_stride = 1LL * m * n;
  if (batch >= 8) {
    CHECK_CUBLAS(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, A, m,
                                           a_stride, B, k, b_stride, &beta, C, m, c_stride,
                                           batch));
    return;
  }
  // Few large products: the pointer-array form, as older code paths used it.
  DeviceBuffer<const float *> As(batch), Bs(batch);
  DeviceBuffer<float *> Cs(batch);
  batch_pointers<<<(batch + 127) / 128, 128, 0, stream>>>(A, B, C, a_stride, b_stride,
                                                            c_stride, batch, As.data(),
                                                            Bs.data(), Cs.data());
  LS_CUDA_CHECK(cudaGetLastError());
  CHECK_CUBLAS(cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, As.data(), m,
                                  Bs.data(), k, &beta, Cs.data(), m, batch));
  LS_CUDA_CHECK(cudaStreamSynchronize(stream));
}

void mixed_gemm(const void *A_half, const void *B_half, float *C, int m, int n, int k,
                cudaStream_t stream) {
  cublasHandle_t h = handle();
  CHECK_CUBLAS(cublasSetStream(h, stream));
  const float alpha = 1.0f, beta = 0.0f;
  CHECK_CUBLAS(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &alpha, A_half, CUDA_R_16F, k,
                            B_half, CUDA_R_16F, k, &beta, C, CUDA_R_32F, m,
                            CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

}  // namespace libstack
