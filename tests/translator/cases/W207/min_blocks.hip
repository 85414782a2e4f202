// check: nvcc hipcc
#include <hip/hip_runtime.h>
#define THREADS 128
constexpr int kBlocks = 4;

__global__ void __launch_bounds__(64, 8) small_blocks(float *x) { x[threadIdx.x] *= 2.0f; }

__global__ void __launch_bounds__(THREADS, kBlocks) medium_blocks(float *x) {
  x[threadIdx.x] += 1.0f;
}

__global__ void __launch_bounds__(1024, 2) large_blocks(float *x) { x[threadIdx.x] = 0.0f; }
