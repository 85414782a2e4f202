// check: nvcc hipcc
#include <cuda_fp16.h>

// A __half2 can be declared without the word before its name saying so: deduced,
// made by a macro, a later declarator of a list. The types of the other reads here
// (dim3, a struct, uint2) are another type, whatever their spelling.
#define PAIR_T __half2

struct Scales { float x, y; };

__global__ void mix(const __half2 *in, const Scales scales, float *out) {
  const dim3 tid = threadIdx;
  uint2 packed = make_uint2(tid.x, tid.y);
  auto first = in[tid.x];
  PAIR_T second = in[tid.x + 1];
  __half2 third = in[0], fourth = in[1];
  decltype(third) fifth = in[2];
  const auto &sixth = in[3];
  out[tid.x] = (float)first.x + (float)second.y + (float)fourth.x + (float)fifth.y +
               (float)sixth.x + scales.x * scales.y + packed.x + (float)third.y;
}
