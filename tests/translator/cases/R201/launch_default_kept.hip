// check: nvcc hipcc
#include <hip/hip_runtime.h>

template <typename T, int N>
__global__ void fill(T *data, T value) { data[threadIdx.x % N] = value; }

int main() {
  float *data = nullptr;
  hipMalloc(&data, 256 * sizeof(float));
  fill<float, 256><<<dim3(1), 256>>>(data, 1.0f);
  hipDeviceSynchronize();
  return 0;
}
