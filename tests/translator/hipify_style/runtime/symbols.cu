// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args

// Symbol arguments are wrapped in HIP_SYMBOL.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__constant__ float coefficients[16];
__device__ int counter;

int main() {
  float host[16] = {0};
  int value = 0;
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(coefficients), host, sizeof(host));
  cudaMemcpyToSymbol(coefficients, host, sizeof(host));
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(coefficients), host, sizeof(float) * 4, sizeof(float) * 4, hipMemcpyHostToDevice);
  cudaMemcpyToSymbol(coefficients, host, sizeof(float) * 4, sizeof(float) * 4, cudaMemcpyHostToDevice);
  // CHECK: hipMemcpyToSymbolAsync(HIP_SYMBOL(counter), &value, sizeof(int), 0, hipMemcpyHostToDevice, stream);
  cudaMemcpyToSymbolAsync(counter, &value, sizeof(int), 0, cudaMemcpyHostToDevice, stream);
  // CHECK: hipMemcpyFromSymbol(&value, HIP_SYMBOL(counter), sizeof(int));
  cudaMemcpyFromSymbol(&value, counter, sizeof(int));
  // CHECK: hipMemcpyFromSymbolAsync(&value, HIP_SYMBOL(counter), sizeof(int), 0, hipMemcpyDeviceToHost, stream);
  cudaMemcpyFromSymbolAsync(&value, counter, sizeof(int), 0, cudaMemcpyDeviceToHost, stream);
  void *address = nullptr;
  // CHECK: hipGetSymbolAddress(&address, HIP_SYMBOL(counter));
  cudaGetSymbolAddress(&address, counter);
  size_t size = 0;
  // CHECK: hipGetSymbolSize(&size, HIP_SYMBOL(coefficients));
  cudaGetSymbolSize(&size, coefficients);
  return 0;
}
