#include <cuda_runtime.h>

int main() {
  float *device = nullptr;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaError_t status = cudaMalloc(&device, 16 * sizeof(float));
  if (status != cudaSuccess) return 1;
  cudaMemcpyAsync(device, device, 0, cudaMemcpyDeviceToDevice, stream);
  cudaFree(device);
  return 0;
}
