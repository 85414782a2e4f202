#include <hip/hip_runtime.h>

__managed__ int counter;

int main() {
  float *data;
  hipMallocManaged(&data, 1024 * sizeof(float));
  data[0] = 1.0f;
  hipFree(data);
  return counter;
}
