// check: nvcc hipcc
// A repeated header stays when the first include may not be seen.
#ifdef USE_DRIVER_API
#include <hip/hip_runtime.h>
#endif
#include <hip/hip_runtime.h>

#   include   <hip/hip_runtime_api.h>

int main() { return 0; }
