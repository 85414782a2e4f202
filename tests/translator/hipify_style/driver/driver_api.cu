// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// The driver API: context, module, memory and launch.

// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>
#include <cstdio>

int main() {
  // CHECK: hipError_t result = hipInit(0);
  CUresult result = cuInit(0);
  // CHECK: if (result != hipSuccess) {
  if (result != CUDA_SUCCESS) {
    const char *text = nullptr;
    // CHECK: hipDrvGetErrorString(result, &text);
    cuGetErrorString(result, &text);
    return 1;
  }
  int version = 0;
  // CHECK: hipDriverGetVersion(&version);
  cuDriverGetVersion(&version);
  // CHECK: hipDevice_t device;
  CUdevice device;
  // CHECK: hipDeviceGet(&device, 0);
  cuDeviceGet(&device, 0);
  char name[128];
  // CHECK: hipDeviceGetName(name, 128, device);
  cuDeviceGetName(name, 128, device);
  int units = 0;
  // CHECK: hipDeviceGetAttribute(&units, hipDeviceAttributeMultiprocessorCount, device);
  cuDeviceGetAttribute(&units, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
  size_t total = 0;
  // CHECK: hipDeviceTotalMem(&total, device);
  cuDeviceTotalMem(&total, device);
  // CHECK: hipCtx_t context;
  CUcontext context;
  // CHECK: hipCtxCreate(&context, hipDeviceScheduleAuto, device);
  cuCtxCreate(&context, CU_CTX_SCHED_AUTO, device);
  // CHECK: hipModule_t module;
  CUmodule module;
  // CHECK: hipModuleLoad(&module, "kernels.ptx");
  cuModuleLoad(&module, "kernels.ptx");
  // CHECK: hipFunction_t function;
  CUfunction function;
  // CHECK: hipModuleGetFunction(&function, module, "scale");
  cuModuleGetFunction(&function, module, "scale");
  // CHECK: hipDeviceptr_t buffer;
  CUdeviceptr buffer;
  // CHECK: hipMalloc(&buffer, 1024);
  cuMemAlloc(&buffer, 1024);
  float host[256] = {0};
  // CHECK: hipMemcpyHtoD(buffer, host, sizeof(host));
  cuMemcpyHtoD(buffer, host, sizeof(host));
  // CHECK: hipStream_t stream;
  CUstream stream;
  // CHECK: hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);
  cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
  void *arguments[] = {&buffer};
  // CHECK: hipModuleLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, stream, arguments, nullptr);
  cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, stream, arguments, nullptr);
  // CHECK: hipCtxSynchronize();
  cuCtxSynchronize();
  // CHECK: hipMemcpyDtoH(host, buffer, sizeof(host));
  cuMemcpyDtoH(host, buffer, sizeof(host));
  // CHECK: hipFree(buffer);
  cuMemFree(buffer);
  // CHECK: hipModuleUnload(module);
  cuModuleUnload(module);
  // CHECK: hipCtxDestroy(context);
  cuCtxDestroy(context);
  return 0;
}
