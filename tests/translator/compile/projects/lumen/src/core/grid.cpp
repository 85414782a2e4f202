#include "lumen/grid.h"

#include <numeric>

namespace lumen {

float total(const Grid &grid) {
  return std::accumulate(grid.cells.begin(), grid.cells.end(), 0.0f);
}

}  // namespace lumen
