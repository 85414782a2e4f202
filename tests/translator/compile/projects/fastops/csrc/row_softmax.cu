#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime.h>

#include "ops.h"

namespace {

// One warp per row: the row's maximum and sum are reduced with shuffles.
__global__ void row_softmax_kernel(const float *in, float *out, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int lane = threadIdx.x & 31;
  if (row >= rows) return;
  const float *x = in + static_cast<int64_t>(row) * cols;
  float largest = -INFINITY;
  for (int c = lane; c < cols; c += 32) largest = fmaxf(largest, x[c]);
  for (int offset = 16; offset > 0; offset >>= 1)
    largest = fmaxf(largest, __shfl_xor_sync(0xffffffff, largest, offset));
  float sum = 0.0f;
  for (int c = lane; c < cols; c += 32) sum += __expf(x[c] - largest);
  for (int offset = 16; offset > 0; offset >>= 1)
    sum += __shfl_xor_sync(0xffffffff, sum, offset);
  for (int c = lane; c < cols; c += 32)
    out[static_cast<int64_t>(row) * cols + c] = __expf(x[c] - largest) / sum;
}

}  // namespace

torch::Tensor row_softmax(torch::Tensor input) {
  FASTOPS_CHECK_CUDA(input);
  TORCH_CHECK(input.scalar_type() == torch::kFloat, "row_softmax takes float32");
  auto out = torch::empty_like(input);
  int cols = static_cast<int>(input.size(-1));
  int rows = static_cast<int>(input.numel() / cols);
  const int warps_per_block = 4;
  int blocks = (rows + warps_per_block - 1) / warps_per_block;
  row_softmax_kernel<<<blocks, warps_per_block * 32, 0, at::cuda::getCurrentCUDAStream()>>>(
      input.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}
