// check: nvcc hipcc
// The fix disables the overload on the driver API type, first or second of the two.
#include <cuda.h>
#include <cuda_runtime.h>

static const char *describe(CUresult result) {
  const char *text = nullptr;
  cuGetErrorString(result, &text);
  return text;
}

static const char *describe(cudaError_t error) { return cudaGetErrorString(error); }

static int code(cudaError_t error) { return static_cast<int>(error); }
static int code(CUresult result) { return static_cast<int>(result); }

int main() { return describe(cudaSuccess)[0] == 0 && code(cudaSuccess) == 0; }
