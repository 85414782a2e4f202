// Architecture-specific code paths selected with __CUDA_ARCH__ and the
// toolkit version macros.
#include <cstdio>

#include <cuda.h>
#include <cuda_runtime.h>

#include "fx/hd.h"

#if defined(CUDART_VERSION) && CUDART_VERSION >= 11000
#define FX_HAS_WARP_REDUCE 1
#else
#define FX_HAS_WARP_REDUCE 0
#endif

__device__ unsigned int warp_sum(unsigned int v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && FX_HAS_WARP_REDUCE
  return __reduce_add_sync(0xffffffffu, v);
#else
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
  return __shfl_sync(0xffffffffu, v, 0);
#endif
}

__device__ void backoff(unsigned int attempt) {
#if __CUDA_ARCH__ >= 700
  __nanosleep(32u << (attempt < 8 ? attempt : 8));
#endif
}

// A spin lock taken by one thread per block.
__device__ int lock = 0;

__global__ void count_blocks(unsigned int *total, unsigned int *per_warp) {
  unsigned int s = warp_sum(1u);
  if ((threadIdx.x & 31) == 0) per_warp[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = s;
  if (threadIdx.x == 0) {
    unsigned int attempt = 0;
    while (atomicCAS(&lock, 0, 1) != 0) backoff(attempt++);
    __threadfence();
    *total += 1;
    __threadfence();
    atomicExch(&lock, 0);
  }
}

__global__ void report_arch() {
#ifdef __CUDA_ARCH__
  if (threadIdx.x == 0 && blockIdx.x == 0) printf("compiled for sm_%d\n", __CUDA_ARCH__ / 10);
#endif
}

int main() {
  printf("CUDA runtime %d, driver API %d, nvcc %d.%d\n", CUDART_VERSION, CUDA_VERSION, __CUDACC_VER_MAJOR__,
         __CUDACC_VER_MINOR__);
  unsigned int *total, *per_warp;
  cudaMallocManaged(&total, sizeof(unsigned int));
  cudaMalloc(&per_warp, 64 * 8 * sizeof(unsigned int));
  *total = 0;
  count_blocks<<<64, 256>>>(total, per_warp);
  report_arch<<<1, 32>>>();
  cudaDeviceSynchronize();
  printf("blocks counted: %u\n", *total);
  cudaFree(total);
  cudaFree(per_warp);
  return *total == 64 ? 0 : 1;
}
