// check: nvcc hipcc
// System-scope increments of a counter the host polls (mapped memory).
#include <cuda_runtime.h>

__global__ void ring_push(unsigned int *head, unsigned int *tail, unsigned int capacity) {
  unsigned int slot = atomicInc_system(head, capacity - 1);
  if (slot == 0) atomicDec_system(tail, capacity - 1);
}
