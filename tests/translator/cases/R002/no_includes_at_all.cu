// check: nvcc hipcc
__device__ int counter;

__global__ void count() { atomicAdd(&counter, 1); }
