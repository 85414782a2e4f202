#include <hip/hip_runtime.h>
#include "mylib/cuda_helpers.h"
/* #include <cufft.h> */
int main() { return 0; }
