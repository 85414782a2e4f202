#include <cstdio>
#include <cuda_runtime.h>
#include "probe_format.h"

int main() {
  int count = 0;
  cudaGetDeviceCount(&count);
  std::printf(PROBE_FORMAT, count);
  return 0;
}
