#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>

#include "ops.h"

namespace {

template <typename scalar_t>
__global__ void bias_gelu_kernel(const scalar_t *__restrict__ input,
                                 const scalar_t *__restrict__ bias, scalar_t *__restrict__ out,
                                 int64_t rows, int64_t cols) {
  int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  float x = static_cast<float>(input[i]) + static_cast<float>(bias[i % cols]);
  float cube = x * x * x;
  float inner = 0.7978845608f * (x + 0.044715f * cube);
  out[i] = static_cast<scalar_t>(0.5f * x * (1.0f + tanhf(inner)));
}

}  // namespace

torch::Tensor fused_bias_gelu(torch::Tensor input, torch::Tensor bias) {
  FASTOPS_CHECK_CUDA(input);
  FASTOPS_CHECK_CONTIGUOUS(input);
  const at::cuda::OptionalCUDAGuard guard(device_of(input));
  auto out = torch::empty_like(input);
  int64_t cols = input.size(-1);
  int64_t rows = input.numel() / cols;
  const int threads = 256;
  const int64_t blocks = (rows * cols + threads - 1) / threads;
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(input.scalar_type(), "fused_bias_gelu", [&] {
    bias_gelu_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
        input.data_ptr<scalar_t>(), bias.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), rows,
        cols);
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}
