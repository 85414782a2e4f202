#include <hip/hip_runtime.h>

int main() {
  // cudaThreadSynchronize() is deprecated
  const char *old = "cudaThreadSynchronize";
  hipDeviceSynchronize();
  return old[0];
}
