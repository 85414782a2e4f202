// check: nvcc hipcc
#include <cuda.h>
#include <cstdio>

int load_and_launch(const char *image, int n) {
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction function;
  CUdeviceptr buffer;
  CUstream stream;
  CUresult result = cuInit(0);
  if (result != CUDA_SUCCESS) {
    std::printf("cuInit failed: %d\n", static_cast<int>(result));
    return 1;
  }
  int count = 0;
  cuDeviceGetCount(&count);
  cuDeviceGet(&device, 0);
  char name[128];
  cuDeviceGetName(name, sizeof(name), device);
  int major = 0;
  cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  cuDevicePrimaryCtxRetain(&context, device);
  cuCtxSetCurrent(context);
  cuModuleLoadData(&module, image);
  cuModuleGetFunction(&function, module, "kernel");
  cuMemAlloc(&buffer, n * sizeof(float));
  cuStreamCreate(&stream, CU_STREAM_DEFAULT);
  void *arguments[] = {&buffer, &n};
  cuLaunchKernel(function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, stream, arguments, nullptr);
  cuStreamSynchronize(stream);
  cuMemFree(buffer);
  cuStreamDestroy(stream);
  cuModuleUnload(module);
  cuDevicePrimaryCtxRelease(device);
  return 0;
}
