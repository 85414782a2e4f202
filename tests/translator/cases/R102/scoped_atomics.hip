// check: nvcc hipcc
// System-scope increments of a counter the host polls (mapped memory).
#include <hip/hip_runtime.h>

__global__ void ring_push(unsigned int *head, unsigned int *tail, unsigned int capacity) {
  unsigned int slot = __builtin_amdgcn_atomic_inc32(head, capacity - 1, __ATOMIC_RELAXED, "");
  if (slot == 0) __builtin_amdgcn_atomic_dec32(tail, capacity - 1, __ATOMIC_RELAXED, "");
}
