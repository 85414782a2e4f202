#pragma once
#include <cuda_runtime.h>
#include "thermal/real.h"

void diffuse_step(real_t *next, const real_t *now, int n, real_t alpha, cudaStream_t stream);
size_t plane_bytes(cudaArray_t planar);
