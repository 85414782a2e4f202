#include "thermal/stencil.h"

// Size of the luma plane of a planar (NV12) CUDA array.
size_t plane_bytes(cudaArray_t planar) {
  cudaArray_t luma = nullptr;
  if (cudaArrayGetPlane(&luma, planar, 0) != cudaSuccess) return 0;
  cudaChannelFormatDesc desc;
  cudaExtent extent;
  unsigned int flags = 0;
  cudaArrayGetInfo(&desc, &extent, &flags, luma);
  return extent.width * extent.height;
}
