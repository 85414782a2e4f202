#include <hip/hip_runtime.h>
#include <cstdio>

int main() {
  const int n = 256;
  float *d_x;
  int *d_count;
  hipMalloc((void **)&d_x, n * sizeof(float));
  hipMalloc(&d_count, sizeof(int));
  d_x[0] = 1.0f;
  printf("%d\n", *d_count);
  hipFree(d_x);
  hipFree(d_count);
  return 0;
}
