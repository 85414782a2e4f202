// check: nvcc rocm-6.4
// Host and host-device checks of results with C's classification names, which nvcc's
// headers declare for the host in the global namespace and HIP's do not.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

#define FINITE_OR_ZERO(x) (isfinite(x) ? (x) : 0.0f)

__host__ __device__ bool usable(float x) { return !isnan(x) && !isinf(x); }

__global__ void scale(float *x, float factor) {
  x[threadIdx.x] = usable(x[threadIdx.x]) ? FINITE_OR_ZERO(x[threadIdx.x] * factor) : 0.0f;
}

static bool all_finite(const float *values, int count) {
  for (int i = 0; i < count; ++i)
    if (!isfinite(values[i]) || isnan(values[i])) return false;
  return true;
}

template <typename T> int count_bad(const T *values, int count) {
  int bad = 0;
  for (int i = 0; i < count; ++i) bad += isinf(values[i]) || signbit(values[i]);
  return bad;
}

int report(const float *host, const double *reference, int count) {
  int bad = count_bad(host, count) + count_bad(reference, count);
  if (!all_finite(host, count)) std::printf("non-finite result\n");
  if (isgreater(reference[0], 1.0) && fpclassify(reference[0]) == FP_NORMAL) ++bad;
  return bad;
}
