// check: nvcc hipcc
#include <cuda_runtime.h>

__constant__ float coefficients[16];
__device__ int counter;

int main() {
  float host[16] = {0};
  int value = 0;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaMemcpyToSymbol(coefficients, host, sizeof(host));
  cudaMemcpyToSymbolAsync(coefficients, host, sizeof(host), 0, cudaMemcpyHostToDevice, stream);
  cudaMemcpyFromSymbol(&value, counter, sizeof(int));
  cudaMemcpyFromSymbolAsync(&value, counter, sizeof(int), 0, cudaMemcpyDeviceToHost, stream);
  void *address = nullptr;
  size_t size = 0;
  cudaGetSymbolAddress(&address, counter);
  cudaGetSymbolSize(&size, coefficients);
  cudaMemcpyToSymbol(
      coefficients,
      host, sizeof(host));
  return 0;
}
