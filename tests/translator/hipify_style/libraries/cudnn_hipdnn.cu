// RUN: %run_test hipify "%s" "%t" %hipify_args 1 --hipify-compat %clang_args

// hipify-clang maps cuDNN to hipDNN by default (MIOpen needs --miopen); rocport does so
// only with --hipify-compat, since ROCm ships no hipDNN (R101/dnn: left and reported).

// CHECK: #include <hipDNN.h>
#include <cudnn.h>

int main() {
  // CHECK: hipdnnHandle_t handle;
  cudnnHandle_t handle;
  // CHECK: hipdnnStatus_t status = hipdnnCreate(&handle);
  cudnnStatus_t status = cudnnCreate(&handle);
  // CHECK: if (status != HIPDNN_STATUS_SUCCESS) return 1;
  if (status != CUDNN_STATUS_SUCCESS) return 1;
  // CHECK: hipdnnTensorDescriptor_t input;
  cudnnTensorDescriptor_t input;
  // CHECK: hipdnnCreateTensorDescriptor(&input);
  cudnnCreateTensorDescriptor(&input);
  // CHECK: hipdnnSetTensor4dDescriptor(input, HIPDNN_TENSOR_NCHW, HIPDNN_DATA_FLOAT, 1, 3, 32, 32);
  cudnnSetTensor4dDescriptor(input, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 3, 32, 32);
  // CHECK: hipdnnActivationDescriptor_t relu;
  cudnnActivationDescriptor_t relu;
  // CHECK: hipdnnCreateActivationDescriptor(&relu);
  cudnnCreateActivationDescriptor(&relu);
  // CHECK: hipdnnSetActivationDescriptor(relu, HIPDNN_ACTIVATION_RELU, HIPDNN_PROPAGATE_NAN, 0.0);
  cudnnSetActivationDescriptor(relu, CUDNN_ACTIVATION_RELU, CUDNN_PROPAGATE_NAN, 0.0);
  // CHECK: hipdnnDestroyTensorDescriptor(input);
  cudnnDestroyTensorDescriptor(input);
  // CHECK: hipdnnDestroy(handle);
  cudnnDestroy(handle);
  return 0;
}
