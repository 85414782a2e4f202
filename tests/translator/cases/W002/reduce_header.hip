#include <hip/hip_cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/memcpy_async.h>

__global__ void k(int *out) { out[threadIdx.x] = 0; }
