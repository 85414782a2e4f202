// check: nvcc hipcc
// With --hipify-compat, every .cu file gets the runtime header, as hipify-clang gives it,
// even one that needs nothing from it.
#include <hip/hip_runtime.h>
#include <cstdio>

int count_lines(const char *text) {
  int lines = 0;
  for (; *text; ++text) lines += *text == '\n';
  return lines;
}
