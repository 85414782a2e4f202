// check: nvcc hipcc
// A repeated header stays when the first include may not be seen.
#ifdef USE_DRIVER_API
#include <cuda.h>
#endif
#include <cuda_runtime.h>
#include <cuda.h>
#   include   <cuda_runtime_api.h>

int main() { return 0; }
