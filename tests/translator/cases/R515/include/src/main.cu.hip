#include <hip/hip_runtime.h>
#include "kernels.hip"
#include "kernels.cuh"
int main() { return 0; }
