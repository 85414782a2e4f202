// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --skip-excluded-preprocessor-conditional-blocks --experimental %clang_args

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>

__global__ void work(float *x) { x[threadIdx.x] *= 2.0f; }

int main() {
  int blocks = 0, grid = 0, block = 0;
  // CHECK: hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, work, 256, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, work, 256, 0);
  // CHECK: hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, work, 256, 0, hipOccupancyDefault);
  cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, work, 256, 0, cudaOccupancyDefault);
  // CHECK: hipOccupancyMaxPotentialBlockSize(&grid, &block, work, 0, 0);
  cudaOccupancyMaxPotentialBlockSize(&grid, &block, work, 0, 0);
  return blocks + grid + block > 0 ? 0 : 1;
}
