// check: nvcc
#include <hip/hip_runtime.h>
extern "C" __host__ __device__ float scale_impl(float x) { return 2.0f * x; }
#pragma weak scale = scale_impl
extern "C" __host__ __device__ float scale(float x);

__global__ void apply(float *data) { data[threadIdx.x] = scale_impl(data[threadIdx.x]); }
float host_scale(float x) { return scale(x); }
