// check: rocm-6.4
#include <cudnn.h>
#include <cuda_runtime.h>

// MIOpen describes filters as tensors: the filter descriptor's whole life becomes a
// tensor descriptor's. The stream stays a HIP stream (MIOpen's queue type is its alias).
int describe(cudnnHandle_t handle, cudaStream_t stream, int k, int c) {
  if (cudnnSetStream(handle, stream) != CUDNN_STATUS_SUCCESS) return 1;
  cudnnFilterDescriptor_t filter;
  cudnnCreateFilterDescriptor(&filter);
  cudnnSetFilter4dDescriptor(filter, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, k, c, 3, 3);
  cudnnDestroyFilterDescriptor(filter);
  cudaStreamSynchronize(stream);
  return 0;
}
