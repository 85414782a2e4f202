#include <hip/hip_runtime.h>

texture<float, 1, hipReadModeElementType> texRef;

__global__ void read(float *out) { out[threadIdx.x] = tex1Dfetch(texRef, threadIdx.x); }

void bind(const float *d, size_t bytes) {
  hipBindTexture(0, texRef, d, bytes);
  hipUnbindTexture(texRef);
}
