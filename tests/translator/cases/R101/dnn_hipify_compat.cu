// check:
#include <cudnn.h>

// With --hipify-compat, cuDNN takes hipify-clang's hipDNN spelling.
int create(cudnnHandle_t *handle) {
  return cudnnCreate(handle) == CUDNN_STATUS_SUCCESS ? 0 : 1;
}
