// check: nvcc
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void swap_halves(__half2 *data) {
  __half2 v = data[threadIdx.x];
  __half low = __low2half(v);
  v.x = __high2half(v);
  v.y = low;
  data[threadIdx.x] = v;
}
