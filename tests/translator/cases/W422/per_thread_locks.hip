#include <hip/hip_runtime.h>

#define LOCKED 1

struct Bucket {
  int lock;
  int hits;
};

__global__ void count_hits(Bucket *buckets, const int *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Bucket *b = &buckets[keys[i] & 1023];
  while (atomicCAS(&b->lock, 0, 1) != 0) {
  }
  b->hits += 1;
  __threadfence();
  atomicExch(&b->lock, 0);
}

template <typename T>
struct Guarded {
  int flag;
  T value;
  __device__ void add(T v) {
    do {
    } while (atomicExch(&flag, LOCKED) == LOCKED);
    value += v;
    atomicExch(&flag, 0);
  }
};
