// check: nvcc hipcc
#include <cuda_runtime.h>

template <typename T, int N>
__global__ void fill(T *data, T value) { data[threadIdx.x % N] = value; }

int main() {
  float *data = nullptr;
  cudaMalloc(&data, 256 * sizeof(float));
  fill<float, 256><<<dim3(1), 256>>>(data, 1.0f);
  cudaDeviceSynchronize();
  return 0;
}
