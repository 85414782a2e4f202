#include <hip/hip_runtime.h>

__managed__ float total;

__global__ void accumulate(float *sum, const float *x) {
  atomicAdd(sum, x[threadIdx.x]);
  atomicAdd(&total, x[threadIdx.x]);
}

int main() {
  float *sum, *x;
  hipMallocManaged(&sum, sizeof(float));
  hipMalloc(&x, 256 * sizeof(float));
  accumulate<<<1, 256>>>(sum, x);
  hipDeviceSynchronize();
  return 0;
}
