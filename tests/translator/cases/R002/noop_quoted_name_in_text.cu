// check: nvcc hipcc
// System headers only; the quoted include below is in a comment and a string:
// #include "grid.cuh"
#include <cstdio>

static const char *line = "#include \"grid.cuh\"";

int main() { std::puts(line); return 0; }
