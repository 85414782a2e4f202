#include <cuda_runtime.h>

__device__ void take(int *lock) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
}

__global__ void elected(int *lock, float *total, const float *in) {
  int lane = threadIdx.x % warpSize;
  if (lane == 0) {
    while (atomicExch(lock, 1) != 0) {
    }
    *total += in[blockIdx.x];
    atomicExch(lock, 0);
  }
  if (threadIdx.x == 0) take(lock);
}

__global__ void lock_free(float *total, const float *in) {
  // while (atomicCAS(&lock, 0, 1) != 0);
  unsigned *word = reinterpret_cast<unsigned *>(total);
  unsigned seen = *word, expected;
  do {
    expected = seen;
    seen = atomicCAS(word, expected, __float_as_uint(__uint_as_float(expected) + in[0]));
  } while (seen != expected);
}

__global__ void try_lock(int *lock, int *count) {
  bool done = false;
  while (!done) {
    if (atomicCAS(lock, 0, 1) == 0) {
      *count += 1;
      atomicExch(lock, 0);
      done = true;
    }
  }
}

void host_spin(int *flag) {
  while (*flag != 0) {
  }
}
