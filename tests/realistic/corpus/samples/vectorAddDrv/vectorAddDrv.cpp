// Vector addition through the CUDA driver API: explicit context, module
// loaded from a fatbin file, kernel launched with cuLaunchKernel.
#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#define CUDA_DRIVER_API
#include "helper_cuda.h"

CUdevice cuDevice;
CUcontext cuContext;
CUmodule cuModule;
CUfunction vecAdd_kernel;
float *h_A, *h_B, *h_C;
CUdeviceptr d_A, d_B, d_C;

static std::string loadFile(const char *path) {
  std::ifstream in(path, std::ios::in | std::ios::binary);
  if (!in) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(EXIT_FAILURE);
  }
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

static void RandomInit(float *data, int n) {
  for (int i = 0; i < n; ++i) data[i] = rand() / (float)RAND_MAX;
}

int main(int argc, char **argv) {
  printf("Vector Addition (Driver API)\n");
  int N = 50000, devID = 0;
  size_t size = N * sizeof(float);

  checkCudaErrors(cuInit(0));
  int deviceCount = 0;
  checkCudaErrors(cuDeviceGetCount(&deviceCount));
  if (deviceCount == 0) {
    fprintf(stderr, "no devices supporting CUDA\n");
    exit(EXIT_FAILURE);
  }
  checkCudaErrors(cuDeviceGet(&cuDevice, devID));
  char name[100];
  checkCudaErrors(cuDeviceGetName(name, sizeof(name), cuDevice));
  int major = 0, minor = 0;
  checkCudaErrors(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cuDevice));
  checkCudaErrors(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cuDevice));
  size_t totalMem = 0;
  checkCudaErrors(cuDeviceTotalMem(&totalMem, cuDevice));
  printf("> Using device %d: %s (SM %d.%d, %zu MB)\n", devID, name, major, minor, totalMem >> 20);

  // The primary context is shared with any runtime API code in the process.
  checkCudaErrors(cuDevicePrimaryCtxRetain(&cuContext, cuDevice));
  checkCudaErrors(cuCtxSetCurrent(cuContext));

  std::string image = loadFile(argc > 1 ? argv[1] : "vectorAdd_kernel.fatbin");
  checkCudaErrors(cuModuleLoadData(&cuModule, image.c_str()));
  checkCudaErrors(cuModuleGetFunction(&vecAdd_kernel, cuModule, "VecAdd_kernel"));

  h_A = (float *)malloc(size);
  h_B = (float *)malloc(size);
  h_C = (float *)malloc(size);
  RandomInit(h_A, N);
  RandomInit(h_B, N);

  checkCudaErrors(cuMemAlloc(&d_A, size));
  checkCudaErrors(cuMemAlloc(&d_B, size));
  checkCudaErrors(cuMemAlloc(&d_C, size));
  checkCudaErrors(cuMemcpyHtoD(d_A, h_A, size));
  checkCudaErrors(cuMemcpyHtoD(d_B, h_B, size));

  int threadsPerBlock = 256;
  int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
  void *args[] = {&d_A, &d_B, &d_C, &N};
  CUstream stream;
  checkCudaErrors(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  checkCudaErrors(cuLaunchKernel(vecAdd_kernel, blocksPerGrid, 1, 1, threadsPerBlock, 1, 1, 0, stream,
                                 args, NULL));
  checkCudaErrors(cuStreamSynchronize(stream));
  checkCudaErrors(cuMemcpyDtoH(h_C, d_C, size));

  int i;
  for (i = 0; i < N; ++i) {
    float sum = h_A[i] + h_B[i];
    if (fabs(h_C[i] - sum) > 1e-7f) break;
  }
  printf("%s\n", (i == N) ? "Result = PASS" : "Result = FAIL");

  checkCudaErrors(cuStreamDestroy(stream));
  checkCudaErrors(cuMemFree(d_A));
  checkCudaErrors(cuMemFree(d_B));
  checkCudaErrors(cuMemFree(d_C));
  checkCudaErrors(cuModuleUnload(cuModule));
  checkCudaErrors(cuDevicePrimaryCtxRelease(cuDevice));
  free(h_A);
  free(h_B);
  free(h_C);
  return (i == N) ? EXIT_SUCCESS : EXIT_FAILURE;
}
