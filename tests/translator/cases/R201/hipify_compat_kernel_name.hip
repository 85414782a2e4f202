// check: nvcc hipcc
#include <hip/hip_runtime.h>
template <typename T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <int N>
__global__ void __launch_bounds__(64) scale(float *p) { p[threadIdx.x] *= N; }
__global__ void zero(float *p) { p[threadIdx.x] = 0.0f; }

void launch(float *p, hipStream_t stream) {
  hipLaunchKernelGGL(zero, dim3(1), dim3(64), 0, stream, p);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<float>), dim3(1), dim3(64), 0, 0, p, 1.0f);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill), dim3(1), dim3(64), 0, 0, p, 2.0f);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<2>), dim3(1), dim3(64), 0, 0, p);
}
