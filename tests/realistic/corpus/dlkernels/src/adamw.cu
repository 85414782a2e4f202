// AdamW optimizer step, templated on the parameter and gradient types.
#include "dlk/common.cuh"
#include "dlk/ops.h"

namespace dlk {

// Implements linear interpolation using only two floating-point operations (as opposed to three in a naive implementation).
__device__ inline float lerp(float start, float end, float weight) {
  return fma(weight, end, fma(-weight, start, start));
}

template <typename Tp, typename Tg>
__global__ void __launch_bounds__(512, 2)
    adamw_kernel(Tp *params_memory, const Tg *grads_memory, float *m_memory, float *v_memory,
                 size_t num_parameters, float learning_rate, float beta1, float beta2,
                 float beta1_correction, float beta2_correction, float eps, float weight_decay) {
  size_t idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= num_parameters) {
    return;
  }
  float grad = (float)grads_memory[idx];
  float m = m_memory[idx];
  float v = v_memory[idx];
  // update the first moment (momentum)
  m = lerp(grad, m, beta1);
  m_memory[idx] = m;
  // update the second moment (RMSprop)
  v = lerp(grad * grad, v, beta2);
  v_memory[idx] = v;
  m /= beta1_correction;  // m_hat
  v /= beta2_correction;  // v_hat
  float param = (float)params_memory[idx];
  params_memory[idx] = (Tp)(param - learning_rate * (m / (sqrtf(v) + eps) + weight_decay * param));
}

template <typename Tp, typename Tg>
void launch_adamw(Tp *params, const Tg *grads, float *m, float *v, size_t n, float lr, float beta1,
                  float beta2, int t, float eps, float weight_decay, cudaStream_t stream) {
  int block_size = 512;
  int num_blocks = ceil_div(n, (size_t)block_size);
  float beta1_correction = 1.0f - powf(beta1, t);
  float beta2_correction = 1.0f - powf(beta2, t);
  adamw_kernel<Tp, Tg><<<num_blocks, block_size, 0, stream>>>(params, grads, m, v, n, lr, beta1, beta2,
                                                              beta1_correction, beta2_correction, eps,
                                                              weight_decay);
  CUDA_KERNEL_CHECK();
}

void adamw_update(float *params, float *grads, float *m, float *v, size_t num_parameters,
                  float learning_rate, float beta1, float beta2, int t, float eps, float weight_decay,
                  cudaStream_t stream) {
  launch_adamw(params, grads, m, v, num_parameters, learning_rate, beta1, beta2, t, eps, weight_decay,
               stream);
}

// Mixed precision: half gradients into float parameters.
template void launch_adamw<float, half>(float *, const half *, float *, float *, size_t, float, float,
                                        float, int, float, float, cudaStream_t);

}  // namespace dlk
