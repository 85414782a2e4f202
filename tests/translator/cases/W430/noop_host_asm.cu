#include <cuda_runtime.h>

static inline unsigned long long cycles() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));  // x86 host code
  return ((unsigned long long)hi << 32) | lo;
}

__device__ unsigned lane_id() { return threadIdx.x % warpSize; }  // asm("mov.u32 ...")
