// Exercises the global memory atomics on int, unsigned, float and double,
// including a compare-and-swap loop for double atomicAdd on old GPUs.
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "helper_cuda.h"

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
// Double precision atomicAdd is native from compute capability 6.0 on.
__device__ double atomicAdd(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    // Note: uses integer comparison to avoid hang in case of NaN (since NaN != NaN)
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

// A max over doubles, which CUDA has no atomic for.
__device__ double atomicMaxDouble(double *address, double val) {
  unsigned long long *addr = reinterpret_cast<unsigned long long *>(address);
  unsigned long long old = *addr;
  while (val > __longlong_as_double(old)) {
    unsigned long long assumed = old;
    old = atomicCAS(addr, assumed, __double_as_longlong(val));
    if (old == assumed) break;
  }
  return __longlong_as_double(old);
}

__global__ void testKernel(int *g_odata, unsigned int *g_udata, float *g_fdata, double *g_ddata) {
  const unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
  atomicAdd(&g_odata[0], 10);
  atomicExch(&g_odata[1], tid);
  atomicMax(&g_odata[2], tid);
  atomicMin(&g_odata[3], tid);
  atomicInc((unsigned int *)&g_udata[0], 17);
  atomicDec((unsigned int *)&g_udata[1], 137);
  atomicCAS(&g_odata[4], tid - 1, tid);
  atomicAnd(&g_odata[5], 2 * tid + 7);
  atomicOr(&g_odata[6], 1 << tid % 32);
  atomicXor(&g_odata[7], tid);
  atomicAdd(&g_fdata[0], 0.5f);
  atomicAdd(&g_ddata[0], 0.25);
  atomicMaxDouble(&g_ddata[1], (double)tid);
  atomicAdd_block(&g_odata[8], 1);
  atomicAdd_system(&g_odata[9], 1);
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  unsigned int numThreads = 256;
  unsigned int numBlocks = 64;
  unsigned int numData = 10;

  int *dOData;
  unsigned int *dUData;
  float *dFData;
  double *dDData;
  checkCudaErrors(cudaMalloc((void **)&dOData, numData * sizeof(int)));
  checkCudaErrors(cudaMalloc((void **)&dUData, 2 * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc((void **)&dFData, sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&dDData, 2 * sizeof(double)));
  int hOData[10] = {0, 0, -(1 << 30), 1 << 30, 0, 0xff, 0, 0xff, 0, 0};
  checkCudaErrors(cudaMemcpy(dOData, hOData, sizeof(hOData), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(dUData, 0, 2 * sizeof(unsigned int)));
  checkCudaErrors(cudaMemset(dFData, 0, sizeof(float)));
  checkCudaErrors(cudaMemset(dDData, 0, 2 * sizeof(double)));

  testKernel<<<numBlocks, numThreads, 0>>>(dOData, dUData, dFData, dDData);
  getLastCudaError("Kernel execution failed");

  checkCudaErrors(cudaMemcpy(hOData, dOData, sizeof(hOData), cudaMemcpyDeviceToHost));
  double hDData[2];
  checkCudaErrors(cudaMemcpy(hDData, dDData, sizeof(hDData), cudaMemcpyDeviceToHost));
  printf("add %d, max %d, min %d, dsum %.2f, dmax %.0f\n", hOData[0], hOData[2], hOData[3], hDData[0],
         hDData[1]);
  bool ok = hOData[0] == (int)(10 * numThreads * numBlocks);

  checkCudaErrors(cudaFree(dOData));
  checkCudaErrors(cudaFree(dUData));
  checkCudaErrors(cudaFree(dFData));
  checkCudaErrors(cudaFree(dDData));
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
