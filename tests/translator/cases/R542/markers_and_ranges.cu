// check: nvcc
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

int main() {
  float *x;
  cudaMalloc(&x, 1024 * sizeof(float));
  nvtxMarkA("start");
  nvtxRangePushA("scale");  // nvtxRangePushA in a comment stays
  scale<<<4, 256>>>(x, 1024);
  nvtxRangePop();
  nvtxRangeId_t copy = nvtxRangeStartA("sync");
  cudaDeviceSynchronize();
  nvtxRangeEnd(copy);
  const char *label = "nvtxRangePop";
  (void)label;
  cudaFree(x);
  return 0;
}
