// check: nvcc hipcc
// nvcc includes the CUDA runtime by itself; hipcc needs the include.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>

__global__ void fill(int *data, int value) { data[threadIdx.x] = value; }

int main() {
  int *data = nullptr;
  hipMalloc(&data, 32 * sizeof(int));
  fill<<<1, 32>>>(data, 7);
  hipDeviceSynchronize();
  hipFree(data);
  std::printf("done\n");
  return 0;
}
