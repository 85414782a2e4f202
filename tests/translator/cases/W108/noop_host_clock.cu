#include <cuda_runtime.h>
#include <ctime>

int main() {
  clock_t start = clock();  // host clock() is fine
  // cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1);
  cudaDeviceSynchronize();
  return (int)(clock() - start);
}
