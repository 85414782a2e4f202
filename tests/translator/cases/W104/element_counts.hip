#include <hip/hip_runtime.h>
#define N 1024

int main() {
  float *d_a, h_a[N];
  int count = 512;
  hipMalloc(&d_a, N);
  hipMemcpy(d_a, h_a, count, hipMemcpyHostToDevice);
  hipMemset(d_a, 0, N);
  return 0;
}
