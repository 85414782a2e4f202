// Block sizes spelled as expressions the file cannot fold: a constexpr function, a
// traits member of a kernel template, a header's constant. With a minimum above 1 the
// AMD reading differs for most block sizes; a minimum of 1 stays quiet.
#include <hip/hip_runtime.h>
#include "tuning.h"

constexpr int threads_for_width(int width) { return width * 8; }

__global__ void __launch_bounds__(threads_for_width(16), 3) distances(float *out) {
  out[threadIdx.x] = 0.0f;
}

template <typename Traits>
__global__ void __launch_bounds__(Traits::kThreads, Traits::kMinBlocks) normalize(float *x) {
  x[threadIdx.x] *= 0.5f;
}

__global__ void __launch_bounds__(TUNED_BLOCK_THREADS, 2) tuned(float *x) { x[0] = 1.0f; }

__global__ void __launch_bounds__(TUNED_BLOCK_THREADS, 1) single(float *x) { x[0] = 2.0f; }
