// check: nvcc hipcc
#include <hip/hip_runtime.h>

// HIP 5.2.0 added these; a target of "5.2" is the same release.
void allocate(void **pointer, size_t bytes, hipStream_t stream, hipMemPool_t pool) {
  hipMallocAsync(pointer, bytes, stream);
  hipMallocFromPoolAsync(pointer, bytes, pool, stream);
  hipFreeAsync(*pointer, stream);
}
