// check:
#include <hip/hip_runtime.h>

void allocate(void **pointer, size_t bytes, hipStream_t stream, hipMemPool_t pool) {
  hipMallocAsync(pointer, bytes, stream);
  hipMallocFromPoolAsync(pointer, bytes, pool, stream);
  hipFreeAsync(*pointer, stream);
  hipStreamWaitEvent(stream, nullptr, 0);
}
