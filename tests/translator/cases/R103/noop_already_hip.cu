// check: hipcc
#include <hip/hip_runtime.h>

__constant__ float table[4];

int main() {
  float host[4] = {0};
  hipMemcpyToSymbol(HIP_SYMBOL(table), host, sizeof(host));
  // cudaMemcpyToSymbol(table, host, sizeof(host)); in a comment
  return 0;
}
