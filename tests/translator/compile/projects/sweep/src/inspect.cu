#include "sweep.h"

int main() {
  int count = 0;
  SWEEP_CHECK(cudaGetDeviceCount(&count));
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp prop;
    SWEEP_CHECK(cudaGetDeviceProperties(&prop, d));
    std::printf("%d: %s, %d SMs, warp %d, %zu bytes shared per block\n", d, prop.name,
                prop.multiProcessorCount, prop.warpSize, prop.sharedMemPerBlock);
  }
  return 0;
}
