// Vector norms in float, double and half precision on top of tensorlib.
#include <cmath>
#include <iostream>

#include <tensorlib/tensor.cuh>

namespace tl {

__global__ void square_kernel(const float *in, float *out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

__global__ void half_square_kernel(const __half *in, float *out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) {
    __half h = in[i];
    __half squared = h * h;
    out[i] = __half2float(squared) + 0.0f * fabsf(static_cast<float>(h));
  }
}

float l2_norm(const DeviceArray<float> &x) {
  DeviceArray<float> squares(x.size());
  long n = static_cast<long>(x.size());
  square_kernel<<<blocks_for(n), TL_BLOCK>>>(x.data(), squares.data(), n);
  TL_TRY(cudaGetLastError());
  return std::sqrt(Reduction<float>::sum(squares));
}

}  // namespace tl

int main() {
  std::vector<float> host(1 << 16);
  for (size_t i = 0; i < host.size(); ++i) host[i] = std::sin(0.001f * i);
  tl::DeviceArray<float> x(host.size());
  x.upload(host);
  tl::scale_kernel<float><<<tl::blocks_for(host.size()), TL_BLOCK>>>(x.data(), 2.0f, host.size());
  std::cout << "norm " << tl::l2_norm(x) << std::endl;
  double total = 0;
  for (float v : x.download()) total += static_cast<double>(v) * v;
  std::cout << "check " << std::sqrt(total) << std::endl;
  return 0;
}
