// check:
#include <hipsolver/hipsolver.h>
