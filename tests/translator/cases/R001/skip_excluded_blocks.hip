// check: nvcc
#if defined(USE_DRIVER)
#include <cuda.h>
#else
#include <hip/hip_runtime.h>
#endif
#ifdef _WIN32
#include <cublas_v2.h>
#endif
int main() { return 0; }
