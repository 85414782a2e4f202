// check: nvcc hipcc
#include <hip/hip_runtime.h>
#include <cstdio>

int load_and_launch(const char *image, int n) {
  hipDevice_t device;
  hipCtx_t context;
  hipModule_t module;
  hipFunction_t function;
  hipDeviceptr_t buffer;
  hipStream_t stream;
  hipError_t result = hipInit(0);
  if (result != hipSuccess) {
    std::printf("cuInit failed: %d\n", static_cast<int>(result));
    return 1;
  }
  int count = 0;
  hipGetDeviceCount(&count);
  hipDeviceGet(&device, 0);
  char name[128];
  hipDeviceGetName(name, sizeof(name), device);
  int major = 0;
  hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, device);
  hipDevicePrimaryCtxRetain(&context, device);
  hipCtxSetCurrent(context);
  hipModuleLoadData(&module, image);
  hipModuleGetFunction(&function, module, "kernel");
  hipMalloc(&buffer, n * sizeof(float));
  hipStreamCreateWithFlags(&stream, hipStreamDefault);
  void *arguments[] = {&buffer, &n};
  hipModuleLaunchKernel(function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, stream, arguments, nullptr);
  hipStreamSynchronize(stream);
  hipFree(buffer);
  hipStreamDestroy(stream);
  hipModuleUnload(module);
  hipDevicePrimaryCtxRelease(device);
  return 0;
}
