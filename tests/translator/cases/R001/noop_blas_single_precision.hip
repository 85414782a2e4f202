// check: rocm-6.4
// Single precision only: the "__half" in this comment and in the string below does not
// ask for hipBLAS's half type, and no define is added.
#include <hipblas/hipblas.h>

static const char *kind = "no __half here";

hipblasStatus_t scale(hipblasHandle_t handle, int n, float *x) {
  const float two = 2.0f;
  return hipblasSscal(handle, n, &two, x, 1);
}
