#include <cuda_runtime.h>

__managed__ int counter;

int main() {
  float *data;
  cudaMallocManaged(&data, 1024 * sizeof(float));
  data[0] = 1.0f;
  cudaFree(data);
  return counter;
}
