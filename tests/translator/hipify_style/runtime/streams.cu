// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

// CHECK: void on_done(hipStream_t stream, hipError_t status, void *data) {}
void CUDART_CB on_done(cudaStream_t stream, cudaError_t status, void *data) {}
void host_work(void *data) {}

int main() {
  // CHECK: hipStream_t s1, s2, s3;
  cudaStream_t s1, s2, s3;
  // CHECK: hipStreamCreate(&s1);
  cudaStreamCreate(&s1);
  // CHECK: hipStreamCreateWithFlags(&s2, hipStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  int low, high;
  // CHECK: hipDeviceGetStreamPriorityRange(&low, &high);
  cudaDeviceGetStreamPriorityRange(&low, &high);
  // CHECK: hipStreamCreateWithPriority(&s3, hipStreamDefault, high);
  cudaStreamCreateWithPriority(&s3, cudaStreamDefault, high);
  int priority;
  // CHECK: hipStreamGetPriority(s3, &priority);
  cudaStreamGetPriority(s3, &priority);
  unsigned int flags;
  // CHECK: hipStreamGetFlags(s2, &flags);
  cudaStreamGetFlags(s2, &flags);
  // CHECK: hipEvent_t event;
  cudaEvent_t event;
  // CHECK: hipEventCreate(&event);
  cudaEventCreate(&event);
  // CHECK: hipStreamWaitEvent(s2, event, 0);
  cudaStreamWaitEvent(s2, event, 0);
  // CHECK: hipStreamAddCallback(s1, on_done, nullptr, 0);
  cudaStreamAddCallback(s1, on_done, nullptr, 0);
  // CHECK: hipHostFn_t fn = host_work;
  cudaHostFn_t fn = host_work;
  // CHECK: hipLaunchHostFunc(s1, fn, nullptr);
  cudaLaunchHostFunc(s1, fn, nullptr);
  float *managed;
  // CHECK: hipMallocManaged(&managed, 256);
  cudaMallocManaged(&managed, 256);
  // CHECK: hipStreamAttachMemAsync(s1, managed, 0, hipMemAttachGlobal);
  cudaStreamAttachMemAsync(s1, managed, 0, cudaMemAttachGlobal);
  // CHECK: if (hipStreamQuery(s1) == hipErrorNotReady) {
  if (cudaStreamQuery(s1) == cudaErrorNotReady) {
    // CHECK: hipStreamSynchronize(s1);
    cudaStreamSynchronize(s1);
  }
  // CHECK: hipStreamSynchronize(hipStreamPerThread);
  cudaStreamSynchronize(cudaStreamPerThread);
  // CHECK: hipStreamDestroy(s1);
  cudaStreamDestroy(s1);
  // CHECK: hipFree(managed);
  cudaFree(managed);
  return 0;
}
