/* A C header (no sign of C++): C's isnan is a macro there, and std:: would not compile. */
#include <math.h>

static inline int any_nan(const double *v, int n) {
  for (int i = 0; i < n; ++i)
    if (isnan(v[i])) return 1;
  return 0;
}
