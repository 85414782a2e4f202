// check: nvcc hipcc
// HIP's hipMallocPitch, hipHostAlloc and hipHostGetDevicePointer take void** only.
#include <cuda_runtime.h>
int main() {
  float *img; size_t pitch; void *raw; void **pp = &raw; float **fp = &img;
  cudaMallocPitch(&img, &pitch, 64 * sizeof(float), 64);
  cudaMallocPitch(&raw, &pitch, 256, 64);
  cudaMallocPitch((void **)&img, &pitch, 256, 64);
  cudaMallocPitch(pp, &pitch, 256, 64);
  cudaMallocPitch(fp, &pitch, 256, 64);
  float *host; cudaHostAlloc(&host, 256, cudaHostAllocMapped);
  float *dev; cudaHostGetDevicePointer(&dev, host, 0);
  cudaHostAlloc(&raw, 256, cudaHostAllocDefault);
  return 0;
}
