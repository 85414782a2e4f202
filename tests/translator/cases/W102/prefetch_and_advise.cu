#include <cuda_runtime.h>

void warm(float *data, size_t bytes, int device, cudaStream_t stream) {
  cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, device);
  cudaMemPrefetchAsync(data, bytes, device, stream);
}
