// check: nvcc hipcc
#include <hip/hip_runtime.h>
// __shfl_down_sync(0xffffffff, v, 1) in a comment; a user's own function with _sync in its name.
__device__ int my_shfl_sync(int mask, int v) { return mask + v; }

__global__ void k(int *p) { p[threadIdx.x] = my_shfl_sync(0xffffffff, p[0]); }
