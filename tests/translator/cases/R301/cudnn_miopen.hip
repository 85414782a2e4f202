// check:
#include <hipDNN.h>

int convolve(hipdnnHandle_t handle, const float *x, const float *w, float *y, void *workspace,
             size_t workspace_size, int n, int c, int h, int wd) {
  hipdnnTensorDescriptor_t input, output;
  hipdnnFilterDescriptor_t filter;
  hipdnnConvolutionDescriptor_t convolution;
  hipdnnPoolingDescriptor_t pooling;
  hipdnnCreateTensorDescriptor(&input);
  hipdnnCreateTensorDescriptor(&output);
  hipdnnCreateConvolutionDescriptor(&convolution);
  hipdnnCreatePoolingDescriptor(&pooling);
  hipdnnSetTensor4dDescriptor(input, HIPDNN_TENSOR_NCHW, HIPDNN_DATA_FLOAT, n, c, h, wd);
  hipdnnSetTensor4dDescriptor(output, HIPDNN_TENSOR_NCHW, HIPDNN_DATA_FLOAT, n, c, h, wd);
  hipdnnSetFilter4dDescriptor(filter, HIPDNN_DATA_FLOAT, HIPDNN_TENSOR_NCHW, c, c, 3, 3);
  hipdnnSetConvolution2dDescriptor(convolution, 1, 1, 1, 1, 1, 1, HIPDNN_CROSS_CORRELATION,
                                  HIPDNN_DATA_FLOAT);
  hipdnnSetPooling2dDescriptor(pooling, HIPDNN_POOLING_MAX, HIPDNN_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
  size_t needed = 0;
  hipdnnGetConvolutionForwardWorkspaceSize(handle, input, filter, convolution, output,
                                          HIPDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM, &needed);
  const float alpha = 1.0f, beta = 0.0f;
  hipdnnConvolutionForward(handle, &alpha, input, x, filter, w, convolution,
                          HIPDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM, workspace, workspace_size,
                          &beta, output, y);
  hipdnnPoolingForward(handle, pooling, &alpha, output, y, &beta, output, y);
  hipdnnSoftmaxForward(handle, HIPDNN_SOFTMAX_ACCURATE, HIPDNN_SOFTMAX_MODE_CHANNEL, &alpha, output,
                      y, &beta, output, y);
  return 0;
}
