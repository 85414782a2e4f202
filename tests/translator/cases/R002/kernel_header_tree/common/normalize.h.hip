// A header of kernels written for nvcc: it includes nothing, since nvcc had already
// included the runtime in every file its build compiles as CUDA.
#pragma once
__global__ void normalize(float *values, int count, float factor)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += blockDim.x * gridDim.x)
        values[i] *= factor;
}
