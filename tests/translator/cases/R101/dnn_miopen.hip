// check:
#include <miopen/miopen.h>

int activate(const float *x, float *y, int n, int c, int h, int w) {
  miopenHandle_t handle;
  if (miopenCreate(&handle) != miopenStatusSuccess) return 1;
  miopenTensorDescriptor_t desc;
  miopenCreateTensorDescriptor(&desc);
  miopenActivationDescriptor_t activation;
  miopenCreateActivationDescriptor(&activation);
  const float alpha = 1.0f, beta = 0.0f;
  miopenActivationForward(handle, activation, &alpha, desc, x, &beta, desc, y);
  miopenDestroyActivationDescriptor(activation);
  miopenDestroyTensorDescriptor(desc);
  miopenDestroy(handle);
  return 0;
}
