// check: nvcc hipcc
// Build switches named like CUDA macros are the project's, not API names.
#define CUDA_USE_PINNED
#include <cuda_runtime.h>

#ifdef CUDA_DRIVER_API
int driver_api = 1;
#endif
#if defined(CUDA_USE_PINNED) && !defined(CUDA_NO_HALF)
int pinned = 1;
#endif
