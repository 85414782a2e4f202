// check:
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
