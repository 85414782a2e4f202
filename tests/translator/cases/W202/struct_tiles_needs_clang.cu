#include <cuda_runtime.h>

struct Cell { float density[4]; float velocity[4][3]; };  // 64 bytes

__global__ void simulate(Cell *cells) {
  __shared__ Cell tile[1280];  // 80 KiB
  tile[threadIdx.x] = cells[threadIdx.x];
  __syncthreads();
  cells[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}
