// WMMA GEMM tile plus a large shared-memory kernel.
#include <mma.h>  // hazard: wmma
#include <cuda_fp16.h>
using namespace nvcuda;

#define TILE 128

__global__ void wmmaGemm(const half *a, const half *b, float *c, int ld) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;  // hazard: wmma
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, ld);
  wmma::load_matrix_sync(fb, b, ld);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, ld, wmma::mem_row_major);
}

__global__ void bigTile(float *out) {  // hazard: shared-memory-limit
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  as[threadIdx.y][threadIdx.x] = bs[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = as[0][threadIdx.x];
}

__global__ void dynamicTile(float *out) {
  extern __shared__ float buffer[];
  out[threadIdx.x] = buffer[threadIdx.x];
}

void run(float *out) {
  size_t smem = 128 * 1024;
  cudaFuncSetAttribute(dynamicTile, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);  // hazard: shared-memory-limit
  dynamicTile<<<1, 256, smem>>>(out);  // hazard: shared-memory-limit
  dynamicTile<<<1, 256, 16 * 1024>>>(out);
}
