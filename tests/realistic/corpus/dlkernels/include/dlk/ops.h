// Host-side entry points of the dlk kernels. Plain C++: included by the
// application (built by the host compiler) and by the .cu files.
#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

namespace dlk {

void layernorm_forward(float *out, float *mean, float *rstd, const float *inp, const float *weight,
                       const float *bias, int B, int T, int C, cudaStream_t stream);
void softmax_forward(float *out, const float *inp, int N, int C, cudaStream_t stream);
void gelu_forward(float *out, const float *inp, int N, cudaStream_t stream);
void gelu_forward_half(void *out, const void *inp, int N, cudaStream_t stream);
void adamw_update(float *params, float *grads, float *m, float *v, size_t num_parameters,
                  float learning_rate, float beta1, float beta2, int t, float eps,
                  float weight_decay, cudaStream_t stream);
void encoder_forward(float *out, const int *inp, const float *wte, const float *wpe, int B, int T,
                     int C, cudaStream_t stream);
void matmul_forward(float *out, const float *inp, const float *weight, const float *bias, int B,
                    int T, int C, int OC, cudaStream_t stream);
void cast_to_bf16(void *out, const float *inp, size_t n, cudaStream_t stream);

}  // namespace dlk
