// check: nvcc hipcc
#include <cuda_runtime.h>

// cudaEventCreate(&e, flags) in a comment, a one-argument call and a pointer to the function.
int main() {
  cudaEvent_t event;
  cudaEventCreate(&event);
  cudaError_t (*create)(cudaEvent_t *) = &cudaEventCreate;
  return create(&event) == cudaSuccess ? 0 : 1;
}

// A kernel held in a pointer variable is passed as it is.
cudaError_t attributes(cudaFuncAttributes *attributes, const void *kernel) {
  return cudaFuncGetAttributes(attributes, kernel);
}
