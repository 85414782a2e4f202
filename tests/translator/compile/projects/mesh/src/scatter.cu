#include "mesh.h"

__global__ void scatter_add_kernel(const int *index, const float *values, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&out[index[i]], values[i]);
}

void scatter_add(const int *index, const float *values, float *out, int n, cudaStream_t stream) {
  scatter_add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(index, values, out, n);
}
