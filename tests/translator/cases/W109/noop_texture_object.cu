#include <cuda_runtime.h>

// texture<float, 1> texRef; was replaced by an object
__global__ void read(float *out, cudaTextureObject_t texture) {
  out[threadIdx.x] = tex1Dfetch<float>(texture, threadIdx.x);
}
