// check: nvcc hipcc
#include <cuda_runtime.h>
#include <cstdio>

__global__ void scale(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

int run(int n) {
  int device = 0;
  cudaDeviceProp prop;
  cudaGetDeviceCount(&device);
  cudaSetDevice(0);
  cudaGetDeviceProperties(&prop, 0);
  std::printf("%s has %d multiprocessors\n", prop.name, prop.multiProcessorCount);

  float *host = nullptr, *dev = nullptr;
  size_t bytes = n * sizeof(float);
  cudaHostAlloc((void **)&host, bytes, cudaHostAllocDefault);
  cudaError_t status = cudaMalloc((void **)&dev, bytes);
  if (status != cudaSuccess) {
    std::printf("cudaMalloc: %s (%s)\n", cudaGetErrorString(status), cudaGetErrorName(status));
    return 1;
  }
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream);
  cudaMemsetAsync(dev, 0, bytes, stream);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(dev, 2.0f, n);
  cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost, stream);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  cudaStreamSynchronize(stream);
  cudaError_t last = cudaGetLastError();
  cudaPeekAtLastError();
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaStreamDestroy(stream);
  cudaFree(dev);
  cudaFreeHost(host);
  cudaDeviceSynchronize();
  cudaDeviceReset();
  return last == cudaSuccess ? 0 : 2;
}
