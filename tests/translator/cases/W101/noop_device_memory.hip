#include <hip/hip_runtime.h>
// cudaMallocManaged(&data, bytes) would need XNACK
const char *hint = "__managed__ memory";

int main() {
  float *data;
  hipMalloc(&data, 1024 * sizeof(float));
  hipFree(data);
  return 0;
}
