// check: nvcc hipcc
// No CUDA at all (the launch in this comment does not count: k<<<1, 1>>>()).
#include <cstdio>

int main() { std::printf("<<<not a launch>>>\n"); return 0; }
