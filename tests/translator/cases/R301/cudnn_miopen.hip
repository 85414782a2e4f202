// check:
#include <cudnn.h>

int convolve(cudnnHandle_t handle, const float *x, const float *w, float *y, void *workspace,
             size_t workspace_size, int n, int c, int h, int wd) {
  cudnnTensorDescriptor_t input, output;
  cudnnFilterDescriptor_t filter;
  cudnnConvolutionDescriptor_t convolution;
  cudnnPoolingDescriptor_t pooling;
  cudnnCreateTensorDescriptor(&input);
  cudnnCreateTensorDescriptor(&output);
  cudnnCreateConvolutionDescriptor(&convolution);
  cudnnCreatePoolingDescriptor(&pooling);
  cudnnSetTensor4dDescriptor(input, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, wd);
  cudnnSetTensor4dDescriptor(output, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, wd);
  cudnnSetFilter4dDescriptor(filter, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, c, c, 3, 3);
  cudnnSetConvolution2dDescriptor(convolution, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION,
                                  CUDNN_DATA_FLOAT);
  cudnnSetPooling2dDescriptor(pooling, CUDNN_POOLING_MAX, CUDNN_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
  size_t needed = 0;
  cudnnGetConvolutionForwardWorkspaceSize(handle, input, filter, convolution, output,
                                          CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM, &needed);
  const float alpha = 1.0f, beta = 0.0f;
  cudnnConvolutionForward(handle, &alpha, input, x, filter, w, convolution,
                          CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM, workspace, workspace_size,
                          &beta, output, y);
  cudnnPoolingForward(handle, pooling, &alpha, output, y, &beta, output, y);
  cudnnSoftmaxForward(handle, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &alpha, output,
                      y, &beta, output, y);
  return 0;
}
