// check: nvcc hipcc
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void noop() {}

int main() { noop<<<1, 1>>>(); return hipDeviceSynchronize() == hipSuccess ? 0 : 1; }
