// check: nvcc hipcc
// Build with -DUSE_ROCM for AMD GPUs; "#ifdef USE_ROCM" in a comment is no branch.
#include <cuda_runtime.h>

#ifndef LIBRARY_USE_ROCM_HELPERS_H
#define LIBRARY_USE_ROCM_HELPERS_H
#endif

const char *platform_note = "#ifdef __HIP_PLATFORM_AMD__";

int allocate(float **pointer) { return cudaMalloc(pointer, 64 * sizeof(float)) == cudaSuccess; }
