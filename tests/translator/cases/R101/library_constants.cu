// check: rocm-6.4
#include <cub/cub.cuh>
#include <cusparse.h>
#include <library_types.h>

// Library constants HIPIFY 6.3 marks unsupported that hipCUB, hipSPARSE and HIP 6.4
// declare with the same meaning.
int tiles(int items, int tile) { return CUB_QUOTIENT_CEILING(items, tile); }
int padded(int items, int tile) { return CUB_ROUND_UP_NEAREST(items, tile); }

cudaDataType index_type(bool wide) { return wide ? CUDA_R_64I : CUDA_R_16I; }

cusparseSideMode_t side(bool left) { return left ? CUSPARSE_SIDE_LEFT : CUSPARSE_SIDE_RIGHT; }
