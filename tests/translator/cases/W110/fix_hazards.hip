// check: nvcc hipcc
// The fix disables the overload on the driver API type, first or second of the two.
#include <hip/hip_runtime.h>


#if 0  // rocport W110: in HIP this redefines describe(hipError_t)
static const char *describe(hipError_t result) {
  const char *text = nullptr;
  hipDrvGetErrorString(result, &text);
  return text;
}
#endif

static const char *describe(hipError_t error) { return hipGetErrorString(error); }

static int code(hipError_t error) { return static_cast<int>(error); }
#if 0  // rocport W110: in HIP this redefines code(hipError_t)
static int code(hipError_t result) { return static_cast<int>(result); }
#endif

int main() { return describe(hipSuccess)[0] == 0 && code(hipSuccess) == 0; }
