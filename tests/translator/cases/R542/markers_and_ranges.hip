// check: nvcc
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>


__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

int main() {
  float *x;
  hipMalloc(&x, 1024 * sizeof(float));
  roctxMarkA("start");
  roctxRangePushA("scale");  // nvtxRangePushA in a comment stays
  scale<<<4, 256>>>(x, 1024);
  roctxRangePop();
  roctx_range_id_t copy = roctxRangeStartA("sync");
  hipDeviceSynchronize();
  roctxRangeStop(copy);
  const char *label = "nvtxRangePop";
  (void)label;
  hipFree(x);
  return 0;
}
