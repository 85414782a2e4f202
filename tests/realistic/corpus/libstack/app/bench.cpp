// Runs each libstack routine once on small inputs and prints what it computed.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "libstack/api.h"
#include "libstack/status.h"

namespace {

float *device_copy(const std::vector<float> &host) {
  float *device = nullptr;
  LS_CUDA_CHECK(cudaMalloc(&device, host.size() * sizeof(float)));
  LS_CUDA_CHECK(cudaMemcpy(device, host.data(), host.size() * sizeof(float),
                           cudaMemcpyHostToDevice));
  return device;
}

}  // namespace

int main() {
  int devices = 0;
  LS_CUDA_CHECK(cudaGetDeviceCount(&devices));
  cudaDeviceProp prop;
  LS_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%d device(s), the first is %s\n", devices, prop.name);

  cudaStream_t stream;
  LS_CUDA_CHECK(cudaStreamCreate(&stream));

  const int n = 64;
  std::vector<float> ones(n * n, 1.0f);
  float *A = device_copy(ones), *B = device_copy(ones), *C = device_copy(ones);
  libstack::batched_gemm(A, B, C, n, n, n, 1, stream);

  float *samples = device_copy(std::vector<float>(4096));
  libstack::sample_gaussian(samples, 4096, 0.0f, 1.0f, 42, stream);
  float mean = 0, variance = 0;
  float *sorted = device_copy(std::vector<float>(4096));
  libstack::summarize(samples, 4096, &mean, &variance, sorted);
  std::printf("mean %.3f variance %.3f\n", mean, variance);

#ifdef LIBSTACK_WITH_NCCL
  std::vector<float *> buffers(devices);
  for (int d = 0; d < devices; ++d) {
    LS_CUDA_CHECK(cudaSetDevice(d));
    buffers[d] = device_copy(ones);
  }
  libstack::allreduce_all_devices(buffers.data(), ones.size(), devices);
#endif

  LS_CUDA_CHECK(cudaStreamDestroy(stream));
  for (float *p : {A, B, C, samples, sorted}) cudaFree(p);
  return 0;
}
