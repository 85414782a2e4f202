#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> texRef;

__global__ void read(float *out) { out[threadIdx.x] = tex1Dfetch(texRef, threadIdx.x); }

void bind(const float *d, size_t bytes) {
  cudaBindTexture(0, texRef, d, bytes);
  cudaUnbindTexture(texRef);
}
