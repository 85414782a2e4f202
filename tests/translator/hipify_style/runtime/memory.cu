// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// Memory management: allocation, copies, sets, pinned and managed memory.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

int main() {
  const size_t bytes = 1024 * sizeof(float);
  float *host = nullptr, *device = nullptr, *other = nullptr;
  // CHECK: hipMalloc(&device, bytes);
  cudaMalloc(&device, bytes);
  // CHECK: hipMalloc((void **)&other, bytes);
  cudaMalloc((void **)&other, bytes);
  // CHECK: hipMemcpy(device, host, bytes, hipMemcpyHostToDevice);
  cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice);
  // CHECK: hipMemcpy(other, device, bytes, hipMemcpyDeviceToDevice);
  cudaMemcpy(other, device, bytes, cudaMemcpyDeviceToDevice);
  // CHECK: hipMemcpy(host, other, bytes, hipMemcpyDefault);
  cudaMemcpy(host, other, bytes, cudaMemcpyDefault);
  // CHECK: hipMemcpyKind kind = hipMemcpyDeviceToHost;
  cudaMemcpyKind kind = cudaMemcpyDeviceToHost;
  // CHECK: hipStream_t stream;
  cudaStream_t stream;
  // CHECK: hipMemcpyAsync(host, device, bytes, kind, stream);
  cudaMemcpyAsync(host, device, bytes, kind, stream);
  // CHECK: hipMemset(device, 0, bytes);
  cudaMemset(device, 0, bytes);
  // CHECK: hipMemsetAsync(device, 0, bytes, stream);
  cudaMemsetAsync(device, 0, bytes, stream);
  size_t pitch;
  // CHECK: hipMallocPitch((void **)&other, &pitch, 64 * sizeof(float), 64);
  cudaMallocPitch((void **)&other, &pitch, 64 * sizeof(float), 64);
  // CHECK: hipMemcpy2D(other, pitch, host, 64 * sizeof(float), 64 * sizeof(float), 64, hipMemcpyHostToDevice);
  cudaMemcpy2D(other, pitch, host, 64 * sizeof(float), 64 * sizeof(float), 64, cudaMemcpyHostToDevice);
  // CHECK: hipMemset2D(other, pitch, 0, 64 * sizeof(float), 64);
  cudaMemset2D(other, pitch, 0, 64 * sizeof(float), 64);
  // CHECK: hipExtent extent = make_hipExtent(64 * sizeof(float), 64, 64);
  cudaExtent extent = make_cudaExtent(64 * sizeof(float), 64, 64);
  // CHECK: hipPitchedPtr volume;
  cudaPitchedPtr volume;
  // CHECK: hipMalloc3D(&volume, extent);
  cudaMalloc3D(&volume, extent);
  // CHECK: hipMemcpy3DParms copy = {0};
  cudaMemcpy3DParms copy = {0};
  // CHECK: copy.srcPos = make_hipPos(0, 0, 0);
  copy.srcPos = make_cudaPos(0, 0, 0);
  // CHECK: copy.kind = hipMemcpyDeviceToDevice;
  copy.kind = cudaMemcpyDeviceToDevice;
  // CHECK: hipMemcpy3D(&copy);
  cudaMemcpy3D(&copy);
  size_t free_bytes, total_bytes;
  // CHECK: hipMemGetInfo(&free_bytes, &total_bytes);
  cudaMemGetInfo(&free_bytes, &total_bytes);
  float *pinned;
  // CHECK: hipHostAlloc((void **)&pinned, bytes, hipHostMallocPortable | hipHostMallocMapped);
  cudaHostAlloc((void **)&pinned, bytes, cudaHostAllocPortable | cudaHostAllocMapped);
  float *mapped;
  // CHECK: hipHostGetDevicePointer((void **)&mapped, pinned, 0);
  cudaHostGetDevicePointer((void **)&mapped, pinned, 0);
  // CHECK: hipHostFree(pinned);
  cudaFreeHost(pinned);
  // CHECK: hipHostRegister(host, bytes, hipHostRegisterDefault);
  cudaHostRegister(host, bytes, cudaHostRegisterDefault);
  // CHECK: hipHostUnregister(host);
  cudaHostUnregister(host);
  float *managed;
  // CHECK: hipMallocManaged(&managed, bytes);
  cudaMallocManaged(&managed, bytes);
  // CHECK: hipMemAdvise(managed, bytes, hipMemAdviseSetReadMostly, 0);
  cudaMemAdvise(managed, bytes, cudaMemAdviseSetReadMostly, 0);
  // CHECK: hipMemPrefetchAsync(managed, bytes, hipCpuDeviceId, stream);
  cudaMemPrefetchAsync(managed, bytes, cudaCpuDeviceId, stream);
  float *async_buffer;
  // CHECK: hipMallocAsync((void **)&async_buffer, bytes, stream);
  cudaMallocAsync((void **)&async_buffer, bytes, stream);
  // CHECK: hipFreeAsync(async_buffer, stream);
  cudaFreeAsync(async_buffer, stream);
  // CHECK: hipFree(device);
  cudaFree(device);
  return 0;
}
