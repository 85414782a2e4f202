// check: nvcc hipcc
#include <cuda_runtime.h>
template <typename T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <int N>
__global__ void __launch_bounds__(64) scale(float *p) { p[threadIdx.x] *= N; }
__global__ void zero(float *p) { p[threadIdx.x] = 0.0f; }

void launch(float *p, cudaStream_t stream) {
  zero<<<1, 64, 0, stream>>>(p);
  fill<float><<<dim3(1), 64>>>(p, 1.0f);
  fill<<<1, 64>>>(p, 2.0f);
  scale<2><<<1, 64>>>(p);
}
