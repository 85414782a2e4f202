// check: nvcc hipcc
#include <cuda_runtime.h>

// HIP 5.2.0 added these; a target of "5.2" is the same release.
void allocate(void **pointer, size_t bytes, cudaStream_t stream, cudaMemPool_t pool) {
  cudaMallocAsync(pointer, bytes, stream);
  cudaMallocFromPoolAsync(pointer, bytes, pool, stream);
  cudaFreeAsync(*pointer, stream);
}
