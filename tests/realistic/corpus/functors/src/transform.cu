// Generic element-wise transforms: a grid-stride kernel templated on the
// functor, launched with functors and with extended __device__ lambdas.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "fx/functors.h"

#define FX_CHECK(expr)                                                                  \
  do {                                                                                  \
    cudaError_t status = (expr);                                                        \
    if (status != cudaSuccess) {                                                        \
      fprintf(stderr, "%s failed: %s\n", #expr, cudaGetErrorString(status));           \
      return 1;                                                                         \
    }                                                                                   \
  } while (false)

namespace fx {

template <typename T, typename UnaryOp>
__global__ void transform_kernel(const T *__restrict__ in, T *__restrict__ out, size_t n, UnaryOp op) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
    out[i] = op(in[i]);
  }
}

template <typename T, typename BinaryOp>
__global__ void zip_kernel(const T *a, const T *b, T *out, size_t n, BinaryOp op) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
    out[i] = op(a[i], b[i]);
  }
}

// Picks a grid that fills the device once, whatever N is.
template <typename Kernel>
dim3 grid_for(Kernel kernel, int block, size_t n) {
  int device = 0, sms = 0, per_sm = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0);
  size_t wanted = (n + block - 1) / block;
  size_t limit = (size_t)sms * (per_sm > 0 ? per_sm : 1);
  return dim3((unsigned)(wanted < limit ? wanted : limit));
}

template <typename T, typename UnaryOp>
void transform(const T *in, T *out, size_t n, UnaryOp op, cudaStream_t stream = 0) {
  constexpr int block = 256;
  dim3 grid = grid_for(transform_kernel<T, UnaryOp>, block, n);
  transform_kernel<T, UnaryOp><<<grid, block, 0, stream>>>(in, out, n, op);
}

template <typename T, typename BinaryOp>
void zip(const T *a, const T *b, T *out, size_t n, BinaryOp op, cudaStream_t stream = 0) {
  zip_kernel<<<(n + 255) / 256, 256, 0, stream>>>(a, b, out, n, op);
}

}  // namespace fx

int main() {
  const size_t n = 1 << 20;
  std::vector<float> hx(n), hy(n), hout(n);
  for (size_t i = 0; i < n; i++) {
    hx[i] = (float)i / n - 0.5f;
    hy[i] = 1.0f;
  }
  float *x, *y, *out;
  FX_CHECK(cudaMalloc(&x, n * sizeof(float)));
  FX_CHECK(cudaMalloc(&y, n * sizeof(float)));
  FX_CHECK(cudaMalloc(&out, n * sizeof(float)));
  FX_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  FX_CHECK(cudaMemcpy(y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  fx::zip(x, y, out, n, fx::saxpy_functor<float>{2.0f});
  fx::transform(out, out, n, fx::make_compose(fx::relu<float>{}, fx::sigmoid{}));
  const float shift = 0.25f;
  fx::transform(out, out, n, [=] __device__(float v) { return v - shift; });
  fx::transform(out, out, n, [] __host__ __device__(float v) { return fx::clamp(v, 0.0f, 1.0f); });
  FX_CHECK(cudaGetLastError());
  FX_CHECK(cudaMemcpy(hout.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    float ref = 2.0f * hx[i] + hy[i];
    ref = ref > 0.0f ? ref : 0.0f;
    ref = 1.0f / (1.0f + std::exp(-ref)) - shift;
    ref = fx::clamp(ref, 0.0f, 1.0f);
    bad += std::fabs(ref - hout[i]) > 1e-3f;
  }
  printf("%d mismatches\n", bad);
  cudaFree(x);
  cudaFree(y);
  cudaFree(out);
  return bad != 0;
}
