// check: rocm-6.4
// Parts of the CUDA runtime that cuda_runtime.h brings in, included one by one: the
// make_ helpers of driver_functions.h and vector_functions.h, the texture and surface
// types. HIP keeps each of them in a header of its own folder.
#include <hip/hip_runtime.h>
#include <hip/driver_types.h>
#include <hip/hip_vector_types.h>
#include <hip/texture_types.h>
#include "hip/surface_types.h"

__global__ void fill(float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = make_float4(i, 0.f, 0.f, 1.f);
}

hipPitchedPtr wrap(void *data, size_t pitch, size_t width, size_t height)
{
    hipExtent extent = make_hipExtent(width, height, 1);
    (void)extent;
    return make_hipPitchedPtr(data, pitch, width, height);
}

hipTextureAddressMode clamp_mode() { return hipAddressModeClamp; }
hipSurfaceBoundaryMode trap_mode() { return hipBoundaryModeTrap; }
