// check:
#include <hip/hip_runtime.h>

void allocate(void **pointer, size_t bytes, hipStream_t stream, cudaMemPool_t pool) {
  cudaMallocAsync(pointer, bytes, stream);
  cudaMallocFromPoolAsync(pointer, bytes, pool, stream);
  cudaFreeAsync(*pointer, stream);
  hipStreamWaitEvent(stream, nullptr, 0);
}
