#include <hip/hip_runtime.h>

__global__ void k(long long *t) {
  long long start = clock64();
  t[threadIdx.x] = clock64() - start;
}

int main() {
  hipDeviceSetCacheConfig(hipFuncCachePreferShared);
  hipFuncSetCacheConfig(k, hipFuncCachePreferL1);
  hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte);
  return 0;
}
