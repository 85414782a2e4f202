// check: nvcc rocm-6.4
// Loop pragmas kept in macros for the device pass only; nvcc expands them into pragmas.
#include <hip/hip_runtime.h>
#include <cstdio>
#ifdef __HIP_DEVICE_COMPILE__
#define DEVICE_UNROLL _Pragma("unroll")
#define UNROLL_BY_FOUR   _Pragma("unroll 4")   // four at a time
#else
#define DEVICE_UNROLL
#define UNROLL_BY_FOUR
#endif
#define MESSAGE_PRAGMA _Pragma("message(\"a \\\"quoted\\\" note\")") \
  // continued on the next line

__global__ void fill(int *out) {
  DEVICE_UNROLL
  for (int i = 0; i < 8; ++i) out[i] = i;
  UNROLL_BY_FOUR
  for (int i = 8; i < 16; ++i) out[i] = 2 * i;
}
