// check: nvcc rocm-6.4
// Host and host-device checks of results with C's classification names, which nvcc's
// headers declare for the host in the global namespace and HIP's do not.
#include <cmath>
#include <cstdio>
#include <hip/hip_runtime.h>

#define FINITE_OR_ZERO(x) (std::isfinite(x) ? (x) : 0.0f)

__host__ __device__ bool usable(float x) { return !std::isnan(x) && !std::isinf(x); }

__global__ void scale(float *x, float factor) {
  x[threadIdx.x] = usable(x[threadIdx.x]) ? FINITE_OR_ZERO(x[threadIdx.x] * factor) : 0.0f;
}

static bool all_finite(const float *values, int count) {
  for (int i = 0; i < count; ++i)
    if (!std::isfinite(values[i]) || std::isnan(values[i])) return false;
  return true;
}

template <typename T> int count_bad(const T *values, int count) {
  int bad = 0;
  for (int i = 0; i < count; ++i) bad += std::isinf(values[i]) || std::signbit(values[i]);
  return bad;
}

int report(const float *host, const double *reference, int count) {
  int bad = count_bad(host, count) + count_bad(reference, count);
  if (!all_finite(host, count)) std::printf("non-finite result\n");
  if (std::isgreater(reference[0], 1.0) && std::fpclassify(reference[0]) == FP_NORMAL) ++bad;
  return bad;
}
