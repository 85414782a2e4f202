// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: __global__ void sample(hipTextureObject_t texture, hipSurfaceObject_t surface, float *out) {
__global__ void sample(cudaTextureObject_t texture, cudaSurfaceObject_t surface, float *out) {
  int i = threadIdx.x;
  // CHECK: out[i] = tex1Dfetch<float>(texture, i);
  out[i] = tex1Dfetch<float>(texture, i);
  // CHECK: surf2Dwrite(out[i], surface, i * 4, 0, hipBoundaryModeZero);
  surf2Dwrite(out[i], surface, i * 4, 0, cudaBoundaryModeZero);
}

int main() {
  float *buffer;
  // CHECK: hipMalloc(&buffer, 1024);
  cudaMalloc(&buffer, 1024);
  // CHECK: hipResourceDesc resource = {};
  cudaResourceDesc resource = {};
  // CHECK: resource.resType = hipResourceTypeLinear;
  resource.resType = cudaResourceTypeLinear;
  resource.res.linear.devPtr = buffer;
  // CHECK: resource.res.linear.desc = hipCreateChannelDesc<float>();
  resource.res.linear.desc = cudaCreateChannelDesc<float>();
  resource.res.linear.sizeInBytes = 1024;
  // CHECK: hipTextureDesc description = {};
  cudaTextureDesc description = {};
  // CHECK: description.addressMode[0] = hipAddressModeClamp;
  description.addressMode[0] = cudaAddressModeClamp;
  // CHECK: description.filterMode = hipFilterModePoint;
  description.filterMode = cudaFilterModePoint;
  // CHECK: description.readMode = hipReadModeElementType;
  description.readMode = cudaReadModeElementType;
  // CHECK: hipTextureObject_t texture = 0;
  cudaTextureObject_t texture = 0;
  // CHECK: hipCreateTextureObject(&texture, &resource, &description, nullptr);
  cudaCreateTextureObject(&texture, &resource, &description, nullptr);
  // CHECK: hipChannelFormatDesc channel = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  cudaChannelFormatDesc channel = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  // CHECK: hipArray_t array;
  cudaArray_t array;
  // CHECK: hipMallocArray(&array, &channel, 16, 16, hipArraySurfaceLoadStore);
  cudaMallocArray(&array, &channel, 16, 16, cudaArraySurfaceLoadStore);
  // CHECK: hipResourceDesc surface_resource = {};
  cudaResourceDesc surface_resource = {};
  // CHECK: surface_resource.resType = hipResourceTypeArray;
  surface_resource.resType = cudaResourceTypeArray;
  surface_resource.res.array.array = array;
  // CHECK: hipSurfaceObject_t surface = 0;
  cudaSurfaceObject_t surface = 0;
  // CHECK: hipCreateSurfaceObject(&surface, &surface_resource);
  cudaCreateSurfaceObject(&surface, &surface_resource);
  // CHECK: hipDestroySurfaceObject(surface);
  cudaDestroySurfaceObject(surface);
  // CHECK: hipDestroyTextureObject(texture);
  cudaDestroyTextureObject(texture);
  // CHECK: hipFreeArray(array);
  cudaFreeArray(array);
  return 0;
}
