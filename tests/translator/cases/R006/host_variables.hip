// check: nvcc rocm-6.4
// Tunables with weak defaults that a plugin may override at link time: GCC reads each
// pragma by its declarations; hipcc's clang needs the symbol named, and the device pass
// has no host variables to alias.
#include <cstdio>
#include <hip/hip_runtime.h>

int default_log_level = 1;
#if defined(__HIP_DEVICE_COMPILE__)
extern __typeof__(default_log_level) log_level;
#else
extern __typeof__(default_log_level) log_level __attribute__((weak, alias("default_log_level")));
#endif
extern int log_level;

extern int block_hint;
int default_block_hint = 256;
#if defined(__HIP_DEVICE_COMPILE__)
extern __typeof__(default_block_hint) block_hint;
#else
extern __typeof__(default_block_hint) block_hint __attribute__((weak, alias("default_block_hint")));
#endif

extern "C" {
double default_threshold = 0.5;
#if defined(__HIP_DEVICE_COMPILE__)
extern __typeof__(default_threshold) threshold;
#else
extern __typeof__(default_threshold) threshold __attribute__((weak, alias("default_threshold")));
#endif
extern double threshold;
}

__global__ void scale(float *x, float factor) { x[threadIdx.x] *= factor; }

void launch(float *x) {
  if (log_level > 0) std::printf("threshold %f\n", threshold);
  scale<<<1, block_hint>>>(x, 2.0f);
}
