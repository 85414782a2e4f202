// Lists the properties of every CUDA device in the system (host code only;
// built with the host compiler and linked against cudart).
#include <cuda_runtime.h>

#include <iostream>
#include <memory>
#include <string>

#include "helper_cuda.h"

int *pArgc = NULL;
char **pArgv = NULL;

static void printAttribute(const char *label, cudaDeviceAttr attr, int dev) {
  int value = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&value, attr, dev));
  printf("  %-52s %d\n", label, value);
}

int main(int argc, char **argv) {
  pArgc = &argc;
  pArgv = argv;
  printf("%s Starting...\n\n", argv[0]);
  printf(" CUDA Device Query (Runtime API) version (CUDART static linking)\n\n");

  int deviceCount = 0;
  cudaError_t error_id = cudaGetDeviceCount(&deviceCount);
  if (error_id != cudaSuccess) {
    printf("cudaGetDeviceCount returned %d\n-> %s\n", static_cast<int>(error_id),
           cudaGetErrorString(error_id));
    printf("Result = FAIL\n");
    exit(EXIT_FAILURE);
  }
  if (deviceCount == 0) {
    printf("There are no available device(s) that support CUDA\n");
  } else {
    printf("Detected %d CUDA Capable device(s)\n", deviceCount);
  }

  int driverVersion = 0, runtimeVersion = 0;
  for (int dev = 0; dev < deviceCount; ++dev) {
    cudaSetDevice(dev);
    cudaDeviceProp deviceProp;
    cudaGetDeviceProperties(&deviceProp, dev);
    printf("\nDevice %d: \"%s\"\n", dev, deviceProp.name);

    cudaDriverGetVersion(&driverVersion);
    cudaRuntimeGetVersion(&runtimeVersion);
    printf("  CUDA Driver Version / Runtime Version          %d.%d / %d.%d\n",
           driverVersion / 1000, (driverVersion % 100) / 10, runtimeVersion / 1000,
           (runtimeVersion % 100) / 10);
    printf("  CUDA Capability Major/Minor version number:    %d.%d\n", deviceProp.major,
           deviceProp.minor);
    printf("  Total amount of global memory:                 %.0f MBytes (%llu bytes)\n",
           static_cast<float>(deviceProp.totalGlobalMem / 1048576.0f),
           (unsigned long long)deviceProp.totalGlobalMem);
    printf("  (%03d) Multiprocessors, (%03d) CUDA Cores/MP:    %d CUDA Cores\n",
           deviceProp.multiProcessorCount, _ConvertSMVer2Cores(deviceProp.major, deviceProp.minor),
           _ConvertSMVer2Cores(deviceProp.major, deviceProp.minor) * deviceProp.multiProcessorCount);
    printf("  Memory Bus Width:                              %d-bit\n", deviceProp.memoryBusWidth);
    if (deviceProp.l2CacheSize) {
      printf("  L2 Cache Size:                                 %d bytes\n", deviceProp.l2CacheSize);
    }
    printf("  Total amount of constant memory:               %zu bytes\n", deviceProp.totalConstMem);
    printf("  Total amount of shared memory per block:       %zu bytes\n", deviceProp.sharedMemPerBlock);
    printf("  Total shared memory per multiprocessor:        %zu bytes\n",
           deviceProp.sharedMemPerMultiprocessor);
    printf("  Total number of registers available per block: %d\n", deviceProp.regsPerBlock);
    printf("  Warp size:                                     %d\n", deviceProp.warpSize);
    printf("  Maximum number of threads per multiprocessor:  %d\n",
           deviceProp.maxThreadsPerMultiProcessor);
    printf("  Maximum number of threads per block:           %d\n", deviceProp.maxThreadsPerBlock);
    printf("  Max dimension size of a thread block (x,y,z): (%d, %d, %d)\n",
           deviceProp.maxThreadsDim[0], deviceProp.maxThreadsDim[1], deviceProp.maxThreadsDim[2]);
    printf("  Max dimension size of a grid size    (x,y,z): (%d, %d, %d)\n",
           deviceProp.maxGridSize[0], deviceProp.maxGridSize[1], deviceProp.maxGridSize[2]);
    printf("  Texture alignment:                             %zu bytes\n", deviceProp.textureAlignment);
    printf("  Concurrent copy and kernel execution:          %s with %d copy engine(s)\n",
           (deviceProp.asyncEngineCount ? "Yes" : "No"), deviceProp.asyncEngineCount);
    printf("  Integrated GPU sharing Host Memory:            %s\n", deviceProp.integrated ? "Yes" : "No");
    printf("  Support host page-locked memory mapping:       %s\n",
           deviceProp.canMapHostMemory ? "Yes" : "No");
    printf("  Device has ECC support:                        %s\n",
           deviceProp.ECCEnabled ? "Enabled" : "Disabled");
    printf("  Device supports Unified Addressing (UVA):      %s\n",
           deviceProp.unifiedAddressing ? "Yes" : "No");
    printf("  Device supports Managed Memory:                %s\n",
           deviceProp.managedMemory ? "Yes" : "No");
    printf("  Device supports Compute Preemption:            %s\n",
           deviceProp.computePreemptionSupported ? "Yes" : "No");
    printf("  Supports Cooperative Kernel Launch:            %s\n",
           deviceProp.cooperativeLaunch ? "Yes" : "No");
    printf("  Device PCI Domain ID / Bus ID / location ID:   %d / %d / %d\n", deviceProp.pciDomainID,
           deviceProp.pciBusID, deviceProp.pciDeviceID);

    // Fields that newer toolkits only expose as attributes.
    printAttribute("GPU Max Clock rate (kHz):", cudaDevAttrClockRate, dev);
    printAttribute("Memory Clock rate (kHz):", cudaDevAttrMemoryClockRate, dev);
    printAttribute("Max shared memory per block (opt-in):", cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    printAttribute("Concurrent managed access:", cudaDevAttrConcurrentManagedAccess, dev);
    printAttribute("Pageable memory access:", cudaDevAttrPageableMemoryAccess, dev);
    printAttribute("Compute mode:", cudaDevAttrComputeMode, dev);
  }

  // Peer access between every pair of devices.
  if (deviceCount >= 2) {
    for (int i = 0; i < deviceCount; i++) {
      for (int j = 0; j < deviceCount; j++) {
        if (i == j) continue;
        int can_access_peer = 0;
        checkCudaErrors(cudaDeviceCanAccessPeer(&can_access_peer, i, j));
        printf("> Peer access from GPU%d -> GPU%d : %s\n", i, j, can_access_peer ? "Yes" : "No");
      }
    }
  }

  std::string sProfileString = "deviceQuery, CUDA Driver = CUDART";
  sProfileString += ", NumDevs = " + std::to_string(deviceCount);
  printf("%s\nResult = PASS\n", sProfileString.c_str());
  exit(EXIT_SUCCESS);
}
