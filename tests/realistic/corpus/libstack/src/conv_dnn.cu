// A convolution layer with cuDNN's descriptor API: tensors, filter and convolution
// descriptors, the output shape and workspace the library computes, then a ReLU through
// an activation descriptor.
#include <cudnn.h>

#include "libstack/api.h"
#include "libstack/device_buffer.cuh"

#define CUDNN_CHECK(call) LS_EXPECT(call, CUDNN_STATUS_SUCCESS)

namespace libstack {

void conv_relu(const float *input, const float *filter, float *output, int n, int c, int h,
               int w, int k) {
  cudnnHandle_t dnn;
  CUDNN_CHECK(cudnnCreate(&dnn));

  cudnnTensorDescriptor_t in_desc, out_desc;
  CUDNN_CHECK(cudnnCreateTensorDescriptor(&in_desc));
  CUDNN_CHECK(cudnnCreateTensorDescriptor(&out_desc));
  CUDNN_CHECK(cudnnSetTensor4dDescriptor(in_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h,
                                         w));
  cudnnFilterDescriptor_t filter_desc;
  CUDNN_CHECK(cudnnCreateFilterDescriptor(&filter_desc));
  CUDNN_CHECK(cudnnSetFilter4dDescriptor(filter_desc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, k, c,
                                         3, 3));
  cudnnConvolutionDescriptor_t conv_desc;
  CUDNN_CHECK(cudnnCreateConvolutionDescriptor(&conv_desc));
  CUDNN_CHECK(cudnnSetConvolution2dDescriptor(conv_desc, 1, 1, 1, 1, 1, 1,
                                              CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));

  int out_n, out_c, out_h, out_w;
  CUDNN_CHECK(cudnnGetConvolution2dForwardOutputDim(conv_desc, in_desc, filter_desc, &out_n,
                                                    &out_c, &out_h, &out_w));
  CUDNN_CHECK(cudnnSetTensor4dDescriptor(out_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, out_n,
                                         out_c, out_h, out_w));

  const cudnnConvolutionFwdAlgo_t algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  size_t workspace_bytes = 0;
  CUDNN_CHECK(cudnnGetConvolutionForwardWorkspaceSize(dnn, in_desc, filter_desc, conv_desc,
                                                      out_desc, algo, &workspace_bytes));
  DeviceBuffer<unsigned char> workspace(workspace_bytes > 0 ? workspace_bytes : 1);

  const float one = 1.0f, zero = 0.0f;
  CUDNN_CHECK(cudnnConvolutionForward(dnn, &one, in_desc, input, filter_desc, filter, conv_desc,
                                      algo, workspace.data(), workspace_bytes, &zero, out_desc,
                                      output));

  cudnnActivationDescriptor_t relu;
  CUDNN_CHECK(cudnnCreateActivationDescriptor(&relu));
  CUDNN_CHECK(cudnnSetActivationDescriptor(relu, CUDNN_ACTIVATION_RELU, CUDNN_PROPAGATE_NAN,
                                           0.0));
  CUDNN_CHECK(cudnnActivationForward(dnn, relu, &one, out_desc, output, &zero, out_desc, output));

  cudnnDestroyActivationDescriptor(relu);
  cudnnDestroyConvolutionDescriptor(conv_desc);
  cudnnDestroyFilterDescriptor(filter_desc);
  cudnnDestroyTensorDescriptor(out_desc);
  cudnnDestroyTensorDescriptor(in_desc);
  cudnnDestroy(dnn);
}

}  // namespace libstack
