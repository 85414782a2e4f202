#include <hip/hip_runtime.h>

int main() {
  float *device = nullptr;
  hipStream_t stream;
  hipStreamCreate(&stream);
  hipError_t status = hipMalloc(&device, 16 * sizeof(float));
  if (status != hipSuccess) return 1;
  hipMemcpyAsync(device, device, 0, hipMemcpyDeviceToDevice, stream);
  hipFree(device);
  return 0;
}
