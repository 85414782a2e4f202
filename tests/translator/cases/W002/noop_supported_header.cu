#include <cooperative_groups.h>
// #include <cooperative_groups/reduce.h>
const char *name = "cooperative_groups/scan.h";

__global__ void k(int *out) { out[threadIdx.x] = 0; }
