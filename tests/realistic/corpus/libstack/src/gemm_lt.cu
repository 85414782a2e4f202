// A matrix product with a fused bias and ReLU through cuBLASLt, the algorithm chosen by
// the library's heuristic for the workspace the caller grants.
#include <cublasLt.h>

#include <cstdio>

#include "libstack/api.h"
#include "libstack/status.h"

#define LT_CHECK(call) LS_EXPECT(call, CUBLAS_STATUS_SUCCESS)

namespace libstack {

bool fused_gemm_bias_relu(const float *A, const float *B, const float *bias, float *D, int m,
                          int n, int k, void *workspace, std::size_t workspace_bytes,
                          cudaStream_t stream) {
  cublasLtHandle_t lt;
  LT_CHECK(cublasLtCreate(&lt));

  cublasLtMatmulDesc_t operation;
  LT_CHECK(cublasLtMatmulDescCreate(&operation, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasOperation_t no_transpose = CUBLAS_OP_N;
  LT_CHECK(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_TRANSA, &no_transpose,
                                          sizeof(no_transpose)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_TRANSB, &no_transpose,
                                          sizeof(no_transpose)));
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_RELU_BIAS;
  LT_CHECK(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
                                          sizeof(epilogue)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(operation, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias,
                                          sizeof(bias)));

  cublasLtMatrixLayout_t a_layout, b_layout, d_layout;
  LT_CHECK(cublasLtMatrixLayoutCreate(&a_layout, CUDA_R_32F, m, k, m));
  LT_CHECK(cublasLtMatrixLayoutCreate(&b_layout, CUDA_R_32F, k, n, k));
  LT_CHECK(cublasLtMatrixLayoutCreate(&d_layout, CUDA_R_32F, m, n, m));

  cublasLtMatmulPreference_t preference;
  LT_CHECK(cublasLtMatmulPreferenceCreate(&preference));
  LT_CHECK(cublasLtMatmulPreferenceSetAttribute(preference,
                                                CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspace_bytes, sizeof(workspace_bytes)));

  cublasLtMatmulHeuristicResult_t results[4] = {};
  int found = 0;
  LT_CHECK(cublasLtMatmulAlgoGetHeuristic(lt, operation, a_layout, b_layout, d_layout, d_layout,
                                          preference, 4, results, &found));
  bool ran = false;
  if (found > 0) {
    const float alpha = 1.0f, beta = 0.0f;
    LT_CHECK(cublasLtMatmul(lt, operation, &alpha, A, a_layout, B, b_layout, &beta, D, d_layout,
                            D, d_layout, &results[0].algo, workspace, workspace_bytes, stream));
    ran = true;
  } else {
    std::fprintf(stderr, "cublasLt: no algorithm for %dx%dx%d\n", m, n, k);
  }

  cublasLtMatmulPreferenceDestroy(preference);
  cublasLtMatrixLayoutDestroy(d_layout);
  cublasLtMatrixLayoutDestroy(b_layout);
  cublasLtMatrixLayoutDestroy(a_layout);
  cublasLtMatmulDescDestroy(operation);
  cublasLtDestroy(lt);
  return ran;
}

}  // namespace libstack
