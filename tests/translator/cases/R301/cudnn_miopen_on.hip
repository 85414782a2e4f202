// check:
#include <miopen/miopen.h>

int convolve(miopenHandle_t handle, const float *x, const float *w, float *y, void *workspace,
             size_t workspace_size, int n, int c, int h, int wd) {
  miopenTensorDescriptor_t input, output;
  miopenTensorDescriptor_t filter;
  miopenConvolutionDescriptor_t convolution;
  miopenPoolingDescriptor_t pooling;
  miopenCreateTensorDescriptor(&input);
  miopenCreateTensorDescriptor(&output);
  miopenCreateConvolutionDescriptor(&convolution);
  miopenCreatePoolingDescriptor(&pooling);
  miopenSet4dTensorDescriptor(input, miopenFloat, n, c, h, wd);
  miopenSet4dTensorDescriptor(output, miopenFloat, n, c, h, wd);
  miopenSet4dTensorDescriptor(filter, miopenFloat, c, c, 3, 3);
  miopenInitConvolutionDescriptor(convolution, miopenConvolution, 1, 1, 1, 1, 1,
                                  1);
  miopenSet2dPoolingDescriptor(pooling, miopenPoolingMax, 2, 2, 0, 0, 2, 2);
  size_t needed = 0;
  miopenConvolutionForwardGetWorkSpaceSize(handle, filter, input, convolution, output,
                                          &needed);
  const float alpha = 1.0f, beta = 0.0f;
  miopenConvolutionForward(handle, &alpha, input, x, filter, w, convolution,
                          miopenConvolutionFwdAlgoImplicitGEMM, &beta, output,
                          y, workspace, workspace_size);
  miopenPoolingForward(handle, pooling, &alpha, output, y, &beta, output, y, false, nullptr, 0);
  miopenSoftmaxForward_V2(handle, &alpha, output, y, &beta,
                      output, y, MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL);
  return 0;
}
