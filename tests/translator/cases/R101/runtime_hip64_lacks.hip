// check: nvcc
#include <hip/hip_runtime.h>

// Names HIPIFY 6.3 maps that HIP 6.4 does not declare: left and reported.
int lacks(hipError_t status, hipGraphNodeType type) {
  return status == cudaErrorLossyQuery || type == cudaGraphNodeTypeConditional;
}
