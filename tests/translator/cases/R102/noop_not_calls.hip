// check: nvcc hipcc
#include <hip/hip_runtime.h>

// cudaEventCreate(&e, flags) in a comment, a one-argument call and a pointer to the function.
int main() {
  hipEvent_t event;
  hipEventCreate(&event);
  hipError_t (*create)(hipEvent_t *) = &hipEventCreate;
  return create(&event) == hipSuccess ? 0 : 1;
}

// A kernel held in a pointer variable is passed as it is.
hipError_t attributes(hipFuncAttributes *attributes, const void *kernel) {
  return hipFuncGetAttributes(attributes, kernel);
}
