// check: nvcc hipcc
// Version gates: a gate is translated only when HIP has everything its block uses.
#include <hip/hip_runtime.h>

#if CUDART_VERSION >= 11080 && !defined(__HIP_PLATFORM_AMD__)
#include <cuda_fp8.h>
__device__ float round_trip_fp8(float x) {
  __nv_fp8_e4m3 packed(x);
  return float(packed);
}
#else
__device__ float round_trip_fp8(float x) { return x; }
#endif

__global__ void quantize(float *data) { data[threadIdx.x] = round_trip_fp8(data[threadIdx.x]); }

#if (CUDART_VERSION < 12000 || defined(__HIP_PLATFORM_AMD__))
int launch_quantize(float *data, hipStream_t stream) {
  quantize<<<1, 64, 0, stream>>>(data);
  return hipGetLastError() == hipSuccess;
}
#else
int launch_quantize(float *data, cudaStream_t stream) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(64);
  config.stream = stream;
  cudaLaunchAttribute attributes[1];
  attributes[0].id = cudaLaunchAttributeClusterDimension;
  attributes[0].val.clusterDim.x = 1;
  attributes[0].val.clusterDim.y = 1;
  attributes[0].val.clusterDim.z = 1;
  config.attrs = attributes;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, quantize, data) == cudaSuccess;
}
#endif

#if HIP_VERSION >= 50000000
int stream_priority_range(int *least, int *greatest) {
  return hipDeviceGetStreamPriorityRange(least, greatest) == hipSuccess;
}
#endif
