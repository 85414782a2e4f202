#include <cstdio>
#include "mesh.h"

int main() {
  const int n = 1024;
  float *out = nullptr, *values = nullptr;
  int *index = nullptr;
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&values, n * sizeof(float));
  cudaMalloc(&index, n * sizeof(int));
  cudaMemset(out, 0, n * sizeof(float));
  cudaMemset(index, 0, n * sizeof(int));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  scatter_add(index, values, out, n, stream);
  sum_gradients(out, n, stream);
  cudaStreamSynchronize(stream);
  std::printf("done\n");
  return 0;
}
