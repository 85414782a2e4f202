// check: nvcc rocm-6.4
// Tunables with weak defaults that a plugin may override at link time: GCC reads each
// pragma by its declarations; hipcc's clang needs the symbol named, and the device pass
// has no host variables to alias.
#include <cstdio>
#include <cuda_runtime.h>

int default_log_level = 1;
#pragma weak log_level = default_log_level
extern int log_level;

extern int block_hint;
int default_block_hint = 256;
#pragma weak block_hint=default_block_hint

extern "C" {
double default_threshold = 0.5;
#pragma weak threshold = default_threshold
extern double threshold;
}

__global__ void scale(float *x, float factor) { x[threadIdx.x] *= factor; }

void launch(float *x) {
  if (log_level > 0) std::printf("threshold %f\n", threshold);
  scale<<<1, block_hint>>>(x, 2.0f);
}
