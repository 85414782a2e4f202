// check: nvcc hipcc
#include <cuda_runtime.h>

__global__ void count(int *counters, unsigned int *wrap, float *sum) {
  __shared__ int local;
  if (threadIdx.x == 0) local = 0;
  __syncthreads();
  atomicAdd_block(&local, 1);
  atomicMax_block(&counters[0], (int)threadIdx.x);
  atomicInc_block(wrap, 15u);
  atomicCAS_block(&counters[1], 0, 1);
  atomicAdd_block(sum, 0.5f);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&counters[2], local);
}
