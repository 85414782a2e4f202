// check: nvcc hipcc
// HIP's hipMallocPitch, hipHostAlloc and hipHostGetDevicePointer take void** only.
#include <hip/hip_runtime.h>
int main() {
  float *img; size_t pitch; void *raw; void **pp = &raw; float **fp = &img;
  hipMallocPitch(reinterpret_cast<void**>(&img), &pitch, 64 * sizeof(float), 64);
  hipMallocPitch(&raw, &pitch, 256, 64);
  hipMallocPitch((void **)&img, &pitch, 256, 64);
  hipMallocPitch(pp, &pitch, 256, 64);
  hipMallocPitch(reinterpret_cast<void**>(fp), &pitch, 256, 64);
  float *host; hipHostAlloc(reinterpret_cast<void**>(&host), 256, hipHostMallocMapped);
  float *dev; hipHostGetDevicePointer(reinterpret_cast<void**>(&dev), host, 0);
  hipHostAlloc(&raw, 256, hipHostMallocDefault);
  return 0;
}
