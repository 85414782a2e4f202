// Chooses a launch configuration with the occupancy API and reports the
// theoretical occupancy of a kernel with dynamic shared memory.
#include <cstdio>

#include <cuda_runtime.h>

#include "helper_cuda.h"

__global__ void square(int *array, int arrayCount) {
  extern __shared__ int dynamicSmem[];
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx < arrayCount) {
    dynamicSmem[threadIdx.x] = array[idx];
    array[idx] = dynamicSmem[threadIdx.x] * dynamicSmem[threadIdx.x];
  }
}

// Shared memory per block as a function of the block size.
int blockToSmem(int blockSize) { return blockSize * sizeof(int); }

static double reportPotentialOccupancy(void *kernel, int blockSize, size_t dynamicSMem) {
  int device;
  cudaDeviceProp prop;
  int numBlocks;
  int activeWarps;
  int maxWarps;
  checkCudaErrors(cudaGetDevice(&device));
  checkCudaErrors(cudaGetDeviceProperties(&prop, device));
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, kernel, blockSize, dynamicSMem));
  activeWarps = numBlocks * blockSize / prop.warpSize;
  maxWarps = prop.maxThreadsPerMultiProcessor / prop.warpSize;
  return (double)activeWarps / maxWarps;
}

static int launchConfig(int *array, int arrayCount, bool automatic) {
  int blockSize;
  int minGridSize;
  int gridSize;
  size_t dynamicSMemUsage = 0;
  cudaEvent_t start, end;
  float elapsedTime;
  double potentialOccupancy;

  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&end));
  if (automatic) {
    checkCudaErrors(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGridSize, &blockSize, (void *)square,
                                                                   blockToSmem, 0));
    dynamicSMemUsage = blockToSmem(blockSize);
    printf("Suggested block size: %d\nMinimum grid size for maximum occupancy: %d\n", blockSize, minGridSize);
  } else {
    blockSize = 512;
    dynamicSMemUsage = blockSize * sizeof(int);
  }
  gridSize = (arrayCount + blockSize - 1) / blockSize;

  checkCudaErrors(cudaEventRecord(start));
  square<<<gridSize, blockSize, dynamicSMemUsage>>>(array, arrayCount);
  checkCudaErrors(cudaEventRecord(end));
  checkCudaErrors(cudaDeviceSynchronize());

  potentialOccupancy = reportPotentialOccupancy((void *)square, blockSize, dynamicSMemUsage);
  printf("Potential occupancy: %.2f%%\n", potentialOccupancy * 100);
  checkCudaErrors(cudaEventElapsedTime(&elapsedTime, start, end));
  printf("Elapsed time: %fms\n", elapsedTime);

  int minGrid2 = 0, block2 = 0;
  checkCudaErrors(cudaOccupancyMaxPotentialBlockSize(&minGrid2, &block2, square, 0, 0));
  cudaFuncAttributes attr;
  checkCudaErrors(cudaFuncGetAttributes(&attr, square));
  printf("registers %d, max threads %d, block %d\n", attr.numRegs, attr.maxThreadsPerBlock, block2);
  checkCudaErrors(cudaFuncSetCacheConfig(square, cudaFuncCachePreferShared));
  return 0;
}

int main() {
  int count = 1000000;
  int *array;
  checkCudaErrors(cudaMalloc(&array, sizeof(int) * count));
  checkCudaErrors(cudaMemset(array, 0, sizeof(int) * count));
  launchConfig(array, count, false);
  launchConfig(array, count, true);
  checkCudaErrors(cudaFree(array));
  return 0;
}
