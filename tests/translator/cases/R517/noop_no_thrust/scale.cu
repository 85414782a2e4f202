#include <cuda_runtime.h>

__global__ void scale(float *data, float factor) {
    data[threadIdx.x] *= factor;
}
