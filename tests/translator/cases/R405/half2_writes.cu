// check: nvcc
#include <cuda_fp16.h>

__global__ void swap_halves(__half2 *data) {
  __half2 v = data[threadIdx.x];
  __half low = v.x;
  v.x = v.y;
  v.y = low;
  data[threadIdx.x] = v;
}
