#include <cuda_runtime.h>

__global__ void k(long long *t) {
  long long start = clock64();
  t[threadIdx.x] = clock64() - start;
}

int main() {
  cudaDeviceSetCacheConfig(cudaFuncCachePreferShared);
  cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1);
  cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte);
  return 0;
}
