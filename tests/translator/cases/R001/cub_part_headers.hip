// check: rocm-6.4
// A block-wide sum and a warp-wide maximum, each part of CUB included on its own. The
// last include is a folder whose name only starts like CUB's: it is no CUB header.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>


#ifdef WITH_CUBE_TOOLS
#include <cube/tools.cuh>
#endif

template <int THREADS>
__global__ void block_sum(const float *in, float *out)
{
    using Reduce = hipcub::BlockReduce<float, THREADS>;
    __shared__ typename Reduce::TempStorage storage;
    float total = Reduce(storage).Sum(in[blockIdx.x * THREADS + threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}

__global__ void warp_max(const int *in, int *out)
{
    using Reduce = hipcub::WarpReduce<int>;
    __shared__ typename Reduce::TempStorage storage;
    int best = Reduce(storage).Reduce(in[threadIdx.x], hipcub::Max());
    if (threadIdx.x == 0) *out = best;
}

template __global__ void block_sum<256>(const float *, float *);
