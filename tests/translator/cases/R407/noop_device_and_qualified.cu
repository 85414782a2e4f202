// check: nvcc rocm-6.4
// Device code has HIP's overloads, and qualified calls and members are fine: all stay.
#include <cmath>
#include <cuda_runtime.h>

struct Sample {
  float value;
  bool isnan() const { return value != value; }
};

__device__ float clean(float x) { return isfinite(x) ? x : 0.0f; }

__global__ void sanitize(float *x) {
  x[threadIdx.x] = clean(x[threadIdx.x]);
  if (isinf(x[threadIdx.x])) x[threadIdx.x] = 0.0f;
}

bool check(const Sample &s, float y) {
  // isfinite(y) in a comment, "isinf(y)" in a string
  const char *name = "isinf(y)";
  (void)name;
  return !s.isnan() && std::isfinite(y) && !std::isinf(y);
}
