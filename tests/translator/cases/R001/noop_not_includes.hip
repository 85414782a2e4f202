// check: nvcc hipcc
#include <cstdio>
// #include <cuda_runtime.h> in a comment is not an include
/* #include <cuda.h>
   #include <cublas_v2.h> */
static const char *header = "#include <curand.h>";

int main() { std::printf("%s\n", header); return 0; }
