// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void scale(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

int run(int n) {
  int device = 0;
  hipDeviceProp_t prop;
  hipGetDeviceCount(&device);
  hipSetDevice(0);
  hipGetDeviceProperties(&prop, 0);
  std::printf("%s has %d multiprocessors\n", prop.name, prop.multiProcessorCount);

  float *host = nullptr, *dev = nullptr;
  size_t bytes = n * sizeof(float);
  hipHostAlloc((void **)&host, bytes, hipHostMallocDefault);
  hipError_t status = hipMalloc((void **)&dev, bytes);
  if (status != hipSuccess) {
    std::printf("cudaMalloc: %s (%s)\n", hipGetErrorString(status), hipGetErrorName(status));
    return 1;
  }
  hipStream_t stream;
  hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);
  hipEvent_t start, stop;
  hipEventCreate(&start);
  hipEventCreate(&stop);
  hipEventRecord(start, stream);
  hipMemcpyAsync(dev, host, bytes, hipMemcpyHostToDevice, stream);
  hipMemsetAsync(dev, 0, bytes, stream);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(dev, 2.0f, n);
  hipMemcpyAsync(host, dev, bytes, hipMemcpyDeviceToHost, stream);
  hipEventRecord(stop, stream);
  hipEventSynchronize(stop);
  float ms = 0.0f;
  hipEventElapsedTime(&ms, start, stop);
  hipStreamSynchronize(stream);
  hipError_t last = hipGetLastError();
  hipPeekAtLastError();
  hipEventDestroy(start);
  hipEventDestroy(stop);
  hipStreamDestroy(stream);
  hipFree(dev);
  hipHostFree(host);
  hipDeviceSynchronize();
  hipDeviceReset();
  return last == hipSuccess ? 0 : 2;
}
