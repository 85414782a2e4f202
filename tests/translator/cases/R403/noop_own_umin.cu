// check: nvcc hipcc
// The project's own umin (in its namespace) serves both platforms; "umin(a, b)" in a
// string stays too.
#include <cuda_runtime.h>

namespace util {
__host__ __device__ inline int umin(int a, int b) { return a < b ? a : b; }
}  // namespace util

static __device__ __forceinline__ int lane_cap(int a, int b) { return util::umin(a, b); }
const char *usage = "umin(a, b)";
