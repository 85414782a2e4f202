#include "kernels.cu"
#include "kernels.cuh"
int main() { return 0; }
