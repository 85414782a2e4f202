// check: nvcc rocm-6.4
// Loop pragmas kept in macros for the device pass only; nvcc expands them into pragmas.
#include <cstdio>
#ifdef __CUDA_ARCH__
#define DEVICE_UNROLL #pragma unroll
#define UNROLL_BY_FOUR   # pragma unroll 4   // four at a time
#else
#define DEVICE_UNROLL
#define UNROLL_BY_FOUR
#endif
#define MESSAGE_PRAGMA #pragma message("a \"quoted\" note") \
  // continued on the next line

__global__ void fill(int *out) {
  DEVICE_UNROLL
  for (int i = 0; i < 8; ++i) out[i] = i;
  UNROLL_BY_FOUR
  for (int i = 8; i < 16; ++i) out[i] = 2 * i;
}
