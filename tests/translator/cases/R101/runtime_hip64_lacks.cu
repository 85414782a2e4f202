// check: nvcc
#include <cuda_runtime.h>

// Names HIPIFY 6.3 maps that HIP 6.4 does not declare: left and reported.
int lacks(cudaError_t status, cudaGraphNodeType type) {
  return status == cudaErrorLossyQuery || type == cudaGraphNodeTypeConditional;
}
