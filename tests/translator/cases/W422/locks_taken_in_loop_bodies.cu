// Locks whose acquisition sits in the loop body rather than its condition: each thread
// still spins until it holds the lock, and does its critical section after the loop.
#include <cuda_runtime.h>

struct Bucket {
  int lock;
  float sum;
};

__device__ void add_to_bucket(Bucket *bucket, float value) {
  int previous;
  do {
    previous = atomicCAS(&bucket->lock, 0, 1);
  } while (previous != 0);
  bucket->sum += value;
  atomicExch(&bucket->lock, 0);
}

__global__ void histogram(Bucket *buckets, const float *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  add_to_bucket(&buckets[i % 16], values[i]);
  bool held = false;
  while (!held) held = atomicCAS(&buckets[0].lock, 0, 1) == 0;
  buckets[0].sum += 1.0f;
  atomicExch(&buckets[0].lock, 0);
  for (;;) {
    if (atomicExch(&buckets[1].lock, 1) == 0) break;
  }
  buckets[1].sum -= 1.0f;
  atomicExch(&buckets[1].lock, 0);
}
