// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

struct pair_raw { unsigned short x, y; };

__global__ void bits(const __half2_raw *raw, const float2 *f, pair_raw *p, float *out) {
  // h.x of a __half2 in a comment stays
  out[0] = (float)raw->x + f->y + p[0].x;
}
