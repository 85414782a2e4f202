// check:
#include <hip/hip_runtime.h>
#include <hipDNN.h>

// With --hipify-compat, cuDNN takes hipify-clang's hipDNN spelling.
int create(hipdnnHandle_t *handle) {
  return hipdnnCreate(handle) == HIPDNN_STATUS_SUCCESS ? 0 : 1;
}
