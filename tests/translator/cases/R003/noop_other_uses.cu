// check: nvcc
#include <cstdio>
// #if __CUDA_ARCH__ >= 700 in a comment stays
#define ARCH_TEXT "__CUDA_ARCH__ >= 700"
#if CUDART_VERSION == 12000
#define EXACT 1
#endif
#if CUDART_VERSION / 1000 >= 11
#define MAJOR_11 1
#endif

int main() { std::printf("%s %d\n", ARCH_TEXT, CUDART_VERSION); return 0; }
