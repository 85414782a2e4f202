// Not spin locks: a scan that claims the first free slot (a new slot on every pass), a
// try-lock whose critical section runs inside the loop, and a lock one thread takes.
#include <cuda_runtime.h>

__device__ int table_lock;
__device__ float table_total;

__global__ void claim_slot(int *used, int capacity, int *slot_of_thread) {
  for (int slot = 0; slot < capacity; ++slot) {
    if (atomicCAS(&used[slot], 0, 1) == 0) {
      slot_of_thread[threadIdx.x] = slot;
      break;
    }
  }
}

__global__ void accumulate(float value) {
  bool done = false;
  while (!done) {
    if (atomicCAS(&table_lock, 0, 1) == 0) {
      table_total += value;
      atomicExch(&table_lock, 0);
      done = true;
    }
  }
  if (threadIdx.x == 0) {
    int previous;
    do {
      previous = atomicCAS(&table_lock, 0, 1);
    } while (previous != 0);
    table_total *= 0.5f;
    atomicExch(&table_lock, 0);
  }
}
