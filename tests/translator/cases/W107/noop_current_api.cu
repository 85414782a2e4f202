#include <cuda_runtime.h>

int main() {
  // cudaThreadSynchronize() is deprecated
  const char *old = "cudaThreadSynchronize";
  cudaDeviceSynchronize();
  return old[0];
}
