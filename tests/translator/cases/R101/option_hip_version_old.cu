// check:
#include <cuda_runtime.h>

void allocate(void **pointer, size_t bytes, cudaStream_t stream, cudaMemPool_t pool) {
  cudaMallocAsync(pointer, bytes, stream);
  cudaMallocFromPoolAsync(pointer, bytes, pool, stream);
  cudaFreeAsync(*pointer, stream);
  cudaStreamWaitEvent(stream, nullptr, 0);
}
