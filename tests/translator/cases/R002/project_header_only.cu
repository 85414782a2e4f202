// Nothing of CUDA in this file: the kernels live in a header of the project, written
// for .cu files only, which counts on nvcc having included the runtime before it.
#include <cstdio>
#include "pool_kernels.cuh"

int main() { std::printf("%d\n", run_pool(64)); return 0; }
