#include <cstdio>
#include "lumen/grid.h"

int main() {
  lumen::Grid grid(64, 64);
  grid.at(32, 32) = 100.0f;
#ifdef LUMEN_HAVE_CUDA
  lumen::diffuse_on_gpu(grid, 0.1f, 10);
  float gpu = lumen::total_on_gpu(grid);
#else
  float gpu = lumen::total(grid);
#endif
  std::printf("%f %f\n", lumen::total(grid), gpu);
  return 0;
}
