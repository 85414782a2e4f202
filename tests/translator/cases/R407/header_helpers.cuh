#pragma once
// A C++ header's inline host helper is rewritten like a source file's.
#include <cmath>

namespace stats {
inline bool finite_mean(const double *v, int n) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i) sum += v[i];
  return isfinite(sum / n);
}
}  // namespace stats
