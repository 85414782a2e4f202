// check: rocm-6.4
#include <miopen/miopen.h>
#include <hip/hip_runtime.h>

// MIOpen describes filters as tensors: the filter descriptor's whole life becomes a
// tensor descriptor's. The stream stays a HIP stream (MIOpen's queue type is its alias).
int describe(miopenHandle_t handle, hipStream_t stream, int k, int c) {
  if (miopenSetStream(handle, stream) != miopenStatusSuccess) return 1;
  miopenTensorDescriptor_t filter;
  miopenCreateTensorDescriptor(&filter);
  miopenSet4dTensorDescriptor(filter, miopenFloat, k, c, 3, 3);
  miopenDestroyTensorDescriptor(filter);
  hipStreamSynchronize(stream);
  return 0;
}
