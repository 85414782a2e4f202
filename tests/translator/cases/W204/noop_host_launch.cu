#include <cuda_runtime.h>

__global__ void child(int *data) { data[threadIdx.x] += 1; }

int main() {
  int *data;
  cudaMalloc(&data, 64 * sizeof(int));
  child<<<1, 64>>>(data);  // launched from the host
  cudaDeviceSynchronize();
  return 0;
}
