// check: nvcc hipcc
#include <hip/hip_runtime.h>

__global__ void count(int *counters, unsigned int *wrap, float *sum) {
  __shared__ int local;
  if (threadIdx.x == 0) local = 0;
  __syncthreads();
  atomicAdd(&local, 1);
  atomicMax(&counters[0], (int)threadIdx.x);
  atomicInc(wrap, 15u);
  atomicCAS(&counters[1], 0, 1);
  atomicAdd(sum, 0.5f);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&counters[2], local);
}
