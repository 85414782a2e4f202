// A plain lambda and the host function itself still touch device memory on the host.
#include <cuda_runtime.h>
#include <framework/macros.h>

float first_two(int count) {
  float *buffer = nullptr;
  cudaMalloc(&buffer, count * sizeof(float));
  for_each_index(count, [=] FRAMEWORK_HOST_DEVICE(int i) { buffer[i] = 0.5f * i; });
  auto host_read = [=](int i) { return buffer[i]; };
  float first = host_read(0);
  float *device_copy = nullptr;
  cudaMalloc(&device_copy, sizeof(float));
  return first + *device_copy;
}
