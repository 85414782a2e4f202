// Device-side assert and printf: the kernel asserts on its thread index,
// the host checks that the launch reports cudaErrorAssert.
#include <cassert>
#include <cstdio>

#include <cuda_runtime.h>

#include "helper_cuda.h"

__global__ void testKernel(int N) {
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gtid == 0) {
    printf("[%d, %d]:\t\tValue is:%d\n", blockIdx.y * gridDim.x + blockIdx.x,
           threadIdx.z * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x, N);
  }
  assert(gtid < N);
}

int main(int argc, char **argv) {
  printf("%s starting...\n", argv[0]);
  int Nblocks = 2;
  int Nthreads = 32;
  cudaError_t error;
  findCudaDevice(argc, (const char **)argv);

  // The first 60 threads pass, the rest trip the assertion.
  dim3 dimGrid(Nblocks);
  dim3 dimBlock(Nthreads);
  printf("Launch kernel to generate assertion failures\n");
  testKernel<<<dimGrid, dimBlock>>>(60);

  printf("\n-- Begin assert output\n\n");
  error = cudaDeviceSynchronize();
  printf("\n-- End assert output\n\n");

  if (error == cudaErrorAssert) {
    printf("Device assert failed as expected, CUDA error message is: %s\n\n", cudaGetErrorString(error));
  }
  bool testResult = (error == cudaErrorAssert);
  printf("simpleAssert completed, returned %s\n", testResult ? "OK" : "ERROR!");
  exit(testResult ? EXIT_SUCCESS : EXIT_FAILURE);
}
