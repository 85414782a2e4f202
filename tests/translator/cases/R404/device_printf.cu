// check: nvcc hipcc
// Device printf spelled through the std namespace; the host's std::printf stays.
#include <cstdio>
#include <cuda_runtime.h>

__device__ void trace(int i, float v) { std::printf("element %d = %f\n", i, v); }

__global__ void dump(const float *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) trace(i, values[i]);
  if (i == 0) ::std::printf("%d values\n", n);
}

void host_summary(int n) { std::printf("launched %d\n", n); }
