// check:
#include <hipDNN.h>

int activate(const float *x, float *y, int n, int c, int h, int w) {
  hipdnnHandle_t handle;
  if (hipdnnCreate(&handle) != HIPDNN_STATUS_SUCCESS) return 1;
  hipdnnTensorDescriptor_t desc;
  hipdnnCreateTensorDescriptor(&desc);
  hipdnnActivationDescriptor_t activation;
  hipdnnCreateActivationDescriptor(&activation);
  const float alpha = 1.0f, beta = 0.0f;
  hipdnnActivationForward(handle, activation, &alpha, desc, x, &beta, desc, y);
  hipdnnDestroyActivationDescriptor(activation);
  hipdnnDestroyTensorDescriptor(desc);
  hipdnnDestroy(handle);
  return 0;
}
