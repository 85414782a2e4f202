#include <hip/hip_runtime.h>
#include <cstdlib>

int main() {
  const int n = 64;
  size_t bytes = n * sizeof(float);
  float *h = (float *)malloc(bytes);
  float *d;
  hipMalloc(&d, bytes);
  hipMemcpy(h, d, bytes, hipMemcpyHostToDevice);
  hipMemcpy(d, h, bytes, hipMemcpyDeviceToHost);
  free(h);
  return 0;
}
