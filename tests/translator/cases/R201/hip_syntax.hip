// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <algorithm>
#include <utility>

namespace kernels {
__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}
}  // namespace kernels

template <typename T, int BLOCK>
__global__ void reduce(const T *in, T *out, std::pair<int, int> range) {
  if (threadIdx.x == 0) out[blockIdx.x] = in[range.first] + static_cast<T>(BLOCK);
}

__global__ void ping() {}

template <int N> struct Size { static const int value = N; };

#define LAUNCH_PING(grid) hipLaunchKernelGGL(ping, dim3(grid), dim3(1), 0, 0)

int main() {
  const int n = 1 << 20;
  float *x = nullptr, *y = nullptr;
  hipMalloc(&x, n * sizeof(float));
  hipMalloc(&y, n * sizeof(float));
  hipStream_t stream;
  hipStreamCreate(&stream);
  dim3 grid((n + 255) / 256), block(256);
  hipLaunchKernelGGL(kernels::axpy, dim3(grid), dim3(block), 0, 0, 2.0f, x, y, n);
  hipLaunchKernelGGL(kernels::axpy, dim3((n + 255) / 256), dim3(256), 0, stream, 2.0f, x, y, n);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(reduce<float, 128>), dim3(n / 128), dim3(128), 128 * sizeof(float), stream, x, y, std::make_pair(0, n));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(reduce<float, Size<64>::value>), dim3(Size<2>::value), dim3(Size<64>::value), 0, 0, x, y, std::pair<int, int>(0, 1));
  hipLaunchKernelGGL(::ping, dim3(1), dim3(1), 0, 0);
  LAUNCH_PING(4);
  hipLaunchKernelGGL(ping, dim3(std::max(1, n / 1024)), dim3(256), 0, 0);
  hipStreamSynchronize(stream);
  hipFree(x);
  hipFree(y);
  return 0;
}

template <int N> __host__ __device__ constexpr int twice(int x) { return N * x; }

void nested_templates(float *x, float *y) {
  hipLaunchKernelGGL(ping, dim3(twice<Size<1>::value>(2)), dim3(Size<Size<32>::value>::value), 0, 0);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(reduce<float, 64>), dim3(1), dim3(64), 0, 0, x, y, std::pair<int, int>(twice<1>(0), Size<Size<1>::value>::value));
}
