// check: rocm-6.4
#include <hipcub/hipcub.hpp>
#include <hipsparse/hipsparse.h>
#include <hip/library_types.h>

// Library constants HIPIFY 6.3 marks unsupported that hipCUB, hipSPARSE and HIP 6.4
// declare with the same meaning.
int tiles(int items, int tile) { return HIPCUB_QUOTIENT_CEILING(items, tile); }
int padded(int items, int tile) { return HIPCUB_ROUND_UP_NEAREST(items, tile); }

hipDataType index_type(bool wide) { return wide ? HIP_R_64I : HIP_R_16I; }

hipsparseSideMode_t side(bool left) { return left ? HIPSPARSE_SIDE_LEFT : HIPSPARSE_SIDE_RIGHT; }
