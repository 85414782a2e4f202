#include <hip/hip_runtime.h>
__global__ void k(float *v) { v[0] = __shfl_xor_sync(0xffffffffffffffff, v[0], 1); }
