#pragma once
#include <cstddef>
#include <vector>

namespace lumen {

struct Grid {
  int nx = 0, ny = 0;
  std::vector<float> cells;
  Grid(int x, int y) : nx(x), ny(y), cells(static_cast<std::size_t>(x) * y, 0.0f) {}
  float &at(int i, int j) { return cells[static_cast<std::size_t>(j) * nx + i]; }
};

float total(const Grid &grid);
#ifdef LUMEN_HAVE_CUDA
void diffuse_on_gpu(Grid &grid, float rate, int steps);
float total_on_gpu(const Grid &grid);
#endif

}  // namespace lumen
