// Mean and maximum of a sample with CUB's device-wide reductions and the block template.
#include <cub/cub.cuh>
#include <cfloat>
#include <memory>

#include "tensorlib/tensor.cuh"

namespace {

__global__ void max_kernel(const float *in, float *out, long n) {
  float value = -FLT_MAX;
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    value = fmaxf(value, in[i]);
  value = tl::detail::block_reduce<TL_BLOCK>(value, tl::detail::Larger<float>(), -FLT_MAX);
  if (threadIdx.x == 0) out[blockIdx.x] = value;
}

float cub_sum(const float *values, long n, cudaStream_t stream) {
  float *result = nullptr;
  void *scratch = nullptr;
  size_t scratch_bytes = 0;
  TL_TRY(cudaMalloc(&result, sizeof(float)));
  TL_TRY(cub::DeviceReduce::Sum(scratch, scratch_bytes, values, result, n, stream));
  TL_TRY(cudaMalloc(&scratch, scratch_bytes));
  TL_TRY(cub::DeviceReduce::Sum(scratch, scratch_bytes, values, result, n, stream));
  float host = 0;
  TL_TRY(cudaMemcpyAsync(&host, result, sizeof(float), cudaMemcpyDeviceToHost, stream));
  TL_TRY(cudaStreamSynchronize(stream));
  cudaFree(scratch);
  cudaFree(result);
  return host;
}

}  // namespace

int main() {
  const long n = 1 << 20;
  std::unique_ptr<float[]> host(new float[n]);
  for (long i = 0; i < n; ++i) host[i] = static_cast<float>(i % 977) * 0.5f;
  tl::DeviceArray<float> values(n);
  TL_TRY(cudaMemcpy(values.data(), host.get(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t stream;
  TL_TRY(cudaStreamCreate(&stream));
  int blocks = tl::blocks_for(n);
  tl::DeviceArray<float> maxima(blocks);
  max_kernel<<<blocks, TL_BLOCK, 0, stream>>>(values.data(), maxima.data(), n);
  float mean = cub_sum(values.data(), n, stream) / n;
  float largest = -FLT_MAX;
  for (float v : maxima.download()) largest = std::max(largest, v);
  std::printf("mean %.3f max %.1f\n", mean, largest);
  TL_TRY(cudaStreamDestroy(stream));
  return 0;
}
