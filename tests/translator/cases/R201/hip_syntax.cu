// check: nvcc hipcc
#include <cuda_runtime.h>
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

#define LAUNCH_PING(grid) ping<<<grid, 1>>>()

int main() {
  const int n = 1 << 20;
  float *x = nullptr, *y = nullptr;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  dim3 grid((n + 255) / 256), block(256);
  kernels::axpy<<<grid, block>>>(2.0f, x, y, n);
  kernels::axpy<<<(n + 255) / 256, 256, 0, stream>>>(2.0f, x, y, n);
  reduce<float, 128><<<dim3(n / 128), dim3(128), 128 * sizeof(float), stream>>>(
      x, y, std::make_pair(0, n));
  reduce<float, Size<64>::value><<<Size<2>::value, Size<64>::value>>>(x, y, std::pair<int, int>(0, 1));
  ::ping<<<1, 1>>>();
  LAUNCH_PING(4);
  ping<<<std::max(1, n / 1024),
         256,
         0>>>();
  cudaStreamSynchronize(stream);
  cudaFree(x);
  cudaFree(y);
  return 0;
}

template <int N> __host__ __device__ constexpr int twice(int x) { return N * x; }

void nested_templates(float *x, float *y) {
  ping<<<twice<Size<1>::value>(2), Size<Size<32>::value>::value>>>();
  reduce<float, 64><<<1, 64>>>(x, y, std::pair<int, int>(twice<1>(0), Size<Size<1>::value>::value));
}
