// A file that brings std's names in finds them unqualified: nothing to do.
#include <cmath>
using namespace std;

bool finite_pair(double a, double b) { return isfinite(a) && isfinite(b); }
