// Matrix transpose through a padded shared-memory tile (no bank conflicts),
// compared with the naive copy for effective bandwidth.
#include <cstdio>
#include <vector>

#include "../util/cuda_utils.cuh"

const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;
const int NUM_REPS = 100;

__global__ void copy(float *odata, const float *idata) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * width + x] = idata[(y + j) * width + x];
}

__global__ void transposeNoBankConflicts(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transpose block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int nx = 2048, ny = 2048;
  const int mem_size = nx * ny * sizeof(float);
  dim3 dimGrid(nx / TILE_DIM, ny / TILE_DIM, 1);
  dim3 dimBlock(TILE_DIM, BLOCK_ROWS, 1);

  std::vector<float> h_idata(nx * ny), h_tdata(nx * ny);
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) h_idata[j * nx + i] = j * nx + i;
  float *d_idata, *d_tdata;
  gpuErrchk(cudaMalloc(&d_idata, mem_size));
  gpuErrchk(cudaMalloc(&d_tdata, mem_size));
  gpuErrchk(cudaMemcpy(d_idata, h_idata.data(), mem_size, cudaMemcpyHostToDevice));

  GpuTimer timer;
  copy<<<dimGrid, dimBlock>>>(d_tdata, d_idata);  // warm up
  timer.Start();
  for (int i = 0; i < NUM_REPS; i++) copy<<<dimGrid, dimBlock>>>(d_tdata, d_idata);
  timer.Stop();
  printf("%25s%25.2f GB/s\n", "copy", 2 * mem_size * 1e-6 * NUM_REPS / timer.Elapsed());

  timer.Start();
  for (int i = 0; i < NUM_REPS; i++) transposeNoBankConflicts<<<dimGrid, dimBlock>>>(d_tdata, d_idata);
  timer.Stop();
  printf("%25s%25.2f GB/s\n", "conflict-free transpose", 2 * mem_size * 1e-6 * NUM_REPS / timer.Elapsed());

  gpuErrchk(cudaMemcpy(h_tdata.data(), d_tdata, mem_size, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int j = 0; j < ny && ok; j++)
    for (int i = 0; i < nx; i++)
      if (h_tdata[j * nx + i] != h_idata[i * nx + j]) { ok = false; break; }
  printf("%s\n", ok ? "ok" : "mismatch");
  gpuErrchk(cudaFree(d_tdata));
  gpuErrchk(cudaFree(d_idata));
  return ok ? 0 : 1;
}
