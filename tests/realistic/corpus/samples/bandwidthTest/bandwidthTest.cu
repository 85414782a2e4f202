// Measures host<->device and device<->device bandwidth with pageable,
// pinned and write-combined host memory.
#include <cuda_runtime.h>

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "helper_cuda.h"
#include "helper_timer.h"

#define MEMCOPY_ITERATIONS 100
#define DEFAULT_SIZE (32 * (1e6))  // 32 M
#define FLUSH_SIZE (256 * 1024 * 1024)

enum memoryMode { PINNED, PAGEABLE };

static char *flush_buf;

float testDeviceToHostTransfer(unsigned int memSize, memoryMode memMode, bool wc) {
  StopWatch timer;
  float elapsedTimeInMs = 0.0f;
  unsigned char *h_idata = NULL, *h_odata = NULL;
  cudaEvent_t start, stop;

  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));

  if (PINNED == memMode) {
#if CUDART_VERSION >= 2020
    checkCudaErrors(cudaHostAlloc((void **)&h_idata, memSize, (wc) ? cudaHostAllocWriteCombined : 0));
    checkCudaErrors(cudaHostAlloc((void **)&h_odata, memSize, (wc) ? cudaHostAllocWriteCombined : 0));
#else
    checkCudaErrors(cudaMallocHost((void **)&h_idata, memSize));
    checkCudaErrors(cudaMallocHost((void **)&h_odata, memSize));
#endif
  } else {
    h_idata = (unsigned char *)malloc(memSize);
    h_odata = (unsigned char *)malloc(memSize);
  }
  for (unsigned int i = 0; i < memSize / sizeof(unsigned char); i++) {
    h_idata[i] = (unsigned char)(i & 0xff);
  }

  unsigned char *d_idata;
  checkCudaErrors(cudaMalloc((void **)&d_idata, memSize));
  checkCudaErrors(cudaMemcpy(d_idata, h_idata, memSize, cudaMemcpyHostToDevice));

  timer.start();
  checkCudaErrors(cudaEventRecord(start, 0));
  if (PINNED == memMode) {
    for (unsigned int i = 0; i < MEMCOPY_ITERATIONS; i++) {
      checkCudaErrors(cudaMemcpyAsync(h_odata, d_idata, memSize, cudaMemcpyDeviceToHost, 0));
    }
  } else {
    for (unsigned int i = 0; i < MEMCOPY_ITERATIONS; i++) {
      checkCudaErrors(cudaMemcpy(h_odata, d_idata, memSize, cudaMemcpyDeviceToHost));
    }
  }
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaDeviceSynchronize());
  timer.stop();
  checkCudaErrors(cudaEventElapsedTime(&elapsedTimeInMs, start, stop));
  if (PINNED != memMode) {
    elapsedTimeInMs = timer.getTime();
  }
  float bandwidthInGBs = (memSize * (float)MEMCOPY_ITERATIONS) / (elapsedTimeInMs / 1e3f) / 1e9f;

  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaEventDestroy(start));
  if (PINNED == memMode) {
    checkCudaErrors(cudaFreeHost(h_idata));
    checkCudaErrors(cudaFreeHost(h_odata));
  } else {
    free(h_idata);
    free(h_odata);
  }
  checkCudaErrors(cudaFree(d_idata));
  return bandwidthInGBs;
}

float testHostToDeviceTransfer(unsigned int memSize, memoryMode memMode, bool wc) {
  float elapsedTimeInMs = 0.0f;
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreateWithFlags(&start, cudaEventBlockingSync));
  checkCudaErrors(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));

  unsigned char *h_odata = NULL;
  if (PINNED == memMode) {
    checkCudaErrors(cudaHostAlloc((void **)&h_odata, memSize, (wc) ? cudaHostAllocWriteCombined : 0));
  } else {
    h_odata = (unsigned char *)malloc(memSize);
  }
  memset(h_odata, 0x5a, memSize);

  unsigned char *d_idata;
  checkCudaErrors(cudaMalloc((void **)&d_idata, memSize));

  // Flush the host caches so pageable copies are not flattered.
  memset(flush_buf, 0, FLUSH_SIZE);
  checkCudaErrors(cudaEventRecord(start, 0));
  for (unsigned int i = 0; i < MEMCOPY_ITERATIONS; i++) {
    if (PINNED == memMode) {
      checkCudaErrors(cudaMemcpyAsync(d_idata, h_odata, memSize, cudaMemcpyHostToDevice, 0));
    } else {
      checkCudaErrors(cudaMemcpy(d_idata, h_odata, memSize, cudaMemcpyHostToDevice));
    }
  }
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaEventSynchronize(stop));
  checkCudaErrors(cudaEventElapsedTime(&elapsedTimeInMs, start, stop));
  float bandwidthInGBs = (memSize * (float)MEMCOPY_ITERATIONS) / (elapsedTimeInMs / 1e3f) / 1e9f;

  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaEventDestroy(start));
  if (PINNED == memMode) {
    checkCudaErrors(cudaFreeHost(h_odata));
  } else {
    free(h_odata);
  }
  checkCudaErrors(cudaFree(d_idata));
  return bandwidthInGBs;
}

float testDeviceToDeviceTransfer(unsigned int memSize) {
  float elapsedTimeInMs = 0.0f;
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));

  unsigned char *d_idata, *d_odata;
  checkCudaErrors(cudaMalloc((void **)&d_idata, memSize));
  checkCudaErrors(cudaMalloc((void **)&d_odata, memSize));
  checkCudaErrors(cudaMemset(d_idata, 1, memSize));

  checkCudaErrors(cudaEventRecord(start, 0));
  for (unsigned int i = 0; i < MEMCOPY_ITERATIONS; i++) {
    checkCudaErrors(cudaMemcpy(d_odata, d_idata, memSize, cudaMemcpyDeviceToDevice));
  }
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaEventElapsedTime(&elapsedTimeInMs, start, stop));
  // Each copy reads and writes the buffer once.
  float bandwidthInGBs = (2.0f * memSize * (float)MEMCOPY_ITERATIONS) / (elapsedTimeInMs / 1e3f) / 1e9f;

  checkCudaErrors(cudaFree(d_odata));
  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaEventDestroy(start));
  return bandwidthInGBs;
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  (void)dev;
  flush_buf = (char *)malloc(FLUSH_SIZE);
  unsigned int size = (unsigned int)DEFAULT_SIZE;

  printf(" Host to Device Bandwidth (pinned):   %8.1f GB/s\n", testHostToDeviceTransfer(size, PINNED, false));
  printf(" Host to Device Bandwidth (pageable): %8.1f GB/s\n", testHostToDeviceTransfer(size, PAGEABLE, false));
  printf(" Device to Host Bandwidth (pinned):   %8.1f GB/s\n", testDeviceToHostTransfer(size, PINNED, false));
  printf(" Device to Host Bandwidth (wc):       %8.1f GB/s\n", testDeviceToHostTransfer(size, PINNED, true));
  printf(" Device to Device Bandwidth:          %8.1f GB/s\n", testDeviceToDeviceTransfer(size));

  free(flush_buf);
  printf("Result = PASS\n");
  return 0;
}
