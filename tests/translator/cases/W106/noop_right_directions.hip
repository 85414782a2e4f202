#include <hip/hip_runtime.h>
#include <cstdlib>

int main() {
  const int n = 64;
  size_t bytes = n * sizeof(float);
  float *h = (float *)malloc(bytes);
  float *d, *m;
  hipMalloc(&d, bytes);
  hipMallocManaged(&m, bytes);
  hipMemcpy(d, h, bytes, hipMemcpyHostToDevice);
  hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost);
  hipMemcpy(m, h, bytes, hipMemcpyHostToDevice);  /* managed fits any kind */
  free(h);
  return 0;
}
