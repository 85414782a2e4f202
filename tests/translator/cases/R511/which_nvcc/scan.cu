__global__ void k(int *v) { v[0] = __shfl_xor_sync(0xffffffff, v[0], 1); }
