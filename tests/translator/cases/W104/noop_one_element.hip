#include <hip/hip_runtime.h>

int main() {
  int *d_count;
  double *d_total;
  hipMalloc(&d_count, 4);
  hipMalloc(&d_total, 8);
  hipMemset(d_count, 0, 4);
  return 0;
}
