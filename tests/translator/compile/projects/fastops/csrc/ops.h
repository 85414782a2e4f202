#pragma once
#include <torch/extension.h>

torch::Tensor fused_bias_gelu(torch::Tensor input, torch::Tensor bias);
torch::Tensor row_softmax(torch::Tensor input);

#define FASTOPS_CHECK_CUDA(x) TORCH_CHECK((x).is_cuda(), #x " must be a CUDA tensor")
#define FASTOPS_CHECK_CONTIGUOUS(x) TORCH_CHECK((x).is_contiguous(), #x " must be contiguous")
