// check: nvcc hipcc
#include <hip/hip_runtime.h>

__device__ double add(double *address, double value) {
#if defined(__HIP_DEVICE_COMPILE__) && !defined(__HIP_DEVICE_COMPILE__)
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
#ifdef __HIP_DEVICE_COMPILE__
  return 1;
#elif !defined(__HIP_DEVICE_COMPILE__)
  return 0;
#endif
}

__host__ __device__ int level() {
#if defined(__HIP_DEVICE_COMPILE__)
  return 7;
#elif (defined(__HIP_DEVICE_COMPILE__)) || 0
  return 5;
#endif
#ifndef __HIP_DEVICE_COMPILE__
  return 0;
#endif
#if defined(__HIP_DEVICE_COMPILE__)
  return -1;
#else
  return -2;
#endif
}
