// check: nvcc hipcc
// nvcc includes the CUDA runtime by itself; hipcc needs the include.
#include <cstdio>
#include <vector>

__global__ void fill(int *data, int value) { data[threadIdx.x] = value; }

int main() {
  int *data = nullptr;
  cudaMalloc(&data, 32 * sizeof(int));
  fill<<<1, 32>>>(data, 7);
  cudaDeviceSynchronize();
  cudaFree(data);
  std::printf("done\n");
  return 0;
}
