// check: nvcc hipcc
#include <cuda_runtime.h>
extern "C" int host_hook(int x);
#pragma weak host_hook

__global__ void touch(int *p) { p[threadIdx.x] = 1; }
int call_hook() { return host_hook ? host_hook(1) : 0; }
