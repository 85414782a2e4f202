// check: nvcc hipcc
#include <cuda_runtime.h>

__device__ double add(double *address, double value) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
  unsigned long long *raw = (unsigned long long *)address;
  unsigned long long old = *raw, assumed;
  do {
    assumed = old;
    old = atomicCAS(raw, assumed, __double_as_longlong(value + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
#else
  return atomicAdd(address, value);
#endif
}

__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
  return 1;
#elif !defined(__CUDA_ARCH__)
  return 0;
#endif
}

__host__ __device__ int level() {
#if __CUDA_ARCH__ >= 700
  return 7;
#elif (__CUDA_ARCH__ >= 530) || 900 <= __CUDA_ARCH__
  return 5;
#endif
#ifndef __CUDA_ARCH__
  return 0;
#endif
#if __CUDA_ARCH__
  return -1;
#else
  return -2;
#endif
}
