#include <cuda_runtime.h>
// cudaMallocManaged(&data, bytes) would need XNACK
const char *hint = "__managed__ memory";

int main() {
  float *data;
  cudaMalloc(&data, 1024 * sizeof(float));
  cudaFree(data);
  return 0;
}
