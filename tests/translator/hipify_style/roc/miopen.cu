// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --miopen %clang_args

// With --miopen, cuDNN becomes MIOpen; calls whose MIOpen function takes other
// arguments are rewritten (rocport; hipify-clang leaves the ones its table marks
// unsupported in MIOpen).

// CHECK: #include <miopen/miopen.h>
#include <cudnn.h>

int main() {
  // CHECK: miopenHandle_t handle;
  cudnnHandle_t handle;
  // CHECK: miopenStatus_t status = miopenCreate(&handle);
  cudnnStatus_t status = cudnnCreate(&handle);
  // CHECK: if (status != miopenStatusSuccess) return 1;
  if (status != CUDNN_STATUS_SUCCESS) return 1;
  // CHECK: miopenTensorDescriptor_t input, output;
  cudnnTensorDescriptor_t input, output;
  // CHECK: miopenCreateTensorDescriptor(&input);
  cudnnCreateTensorDescriptor(&input);
  // CHECK: miopenSet4dTensorDescriptor(input, miopenFloat, 1, 3, 32, 32);
  cudnnSetTensor4dDescriptor(input, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 3, 32, 32);
  // CHECK: miopenActivationDescriptor_t relu;
  cudnnActivationDescriptor_t relu;
  // CHECK: miopenCreateActivationDescriptor(&relu);
  cudnnCreateActivationDescriptor(&relu);
  // CHECK: miopenPoolingDescriptor_t pool;
  cudnnPoolingDescriptor_t pool;
  // CHECK: miopenCreatePoolingDescriptor(&pool);
  cudnnCreatePoolingDescriptor(&pool);
  // CHECK: miopenSet2dPoolingDescriptor(pool, miopenPoolingMax, 2, 2, 0, 0, 2, 2);
  cudnnSetPooling2dDescriptor(pool, CUDNN_POOLING_MAX, CUDNN_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
  // CHECK: miopenSetStream(handle, 0);
  cudnnSetStream(handle, 0);
  // CHECK: miopenDestroyTensorDescriptor(input);
  cudnnDestroyTensorDescriptor(input);
  // CHECK: miopenDestroy(handle);
  cudnnDestroy(handle);
  return 0;
}
