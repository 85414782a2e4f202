// check: nvcc hipcc
#include <hip/hip_runtime.h>

__constant__ float coefficients[16];
__device__ int counter;

int main() {
  float host[16] = {0};
  int value = 0;
  hipStream_t stream;
  hipStreamCreate(&stream);
  hipMemcpyToSymbol(HIP_SYMBOL(coefficients), host, sizeof(host));
  hipMemcpyToSymbolAsync(HIP_SYMBOL(coefficients), host, sizeof(host), 0, hipMemcpyHostToDevice, stream);
  hipMemcpyFromSymbol(&value, HIP_SYMBOL(counter), sizeof(int));
  hipMemcpyFromSymbolAsync(&value, HIP_SYMBOL(counter), sizeof(int), 0, hipMemcpyDeviceToHost, stream);
  void *address = nullptr;
  size_t size = 0;
  hipGetSymbolAddress(&address, HIP_SYMBOL(counter));
  hipGetSymbolSize(&size, HIP_SYMBOL(coefficients));
  hipMemcpyToSymbol(
      HIP_SYMBOL(coefficients),
      host, sizeof(host));
  return 0;
}
