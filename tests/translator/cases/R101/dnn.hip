// check:
#include <cudnn.h>

int activate(const float *x, float *y, int n, int c, int h, int w) {
  cudnnHandle_t handle;
  if (cudnnCreate(&handle) != CUDNN_STATUS_SUCCESS) return 1;
  cudnnTensorDescriptor_t desc;
  cudnnCreateTensorDescriptor(&desc);
  cudnnActivationDescriptor_t activation;
  cudnnCreateActivationDescriptor(&activation);
  const float alpha = 1.0f, beta = 0.0f;
  cudnnActivationForward(handle, activation, &alpha, desc, x, &beta, desc, y);
  cudnnDestroyActivationDescriptor(activation);
  cudnnDestroyTensorDescriptor(desc);
  cudnnDestroy(handle);
  return 0;
}
