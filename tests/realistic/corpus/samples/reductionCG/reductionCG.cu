// Sum reduction written with cooperative groups: a block-wide tree in
// shared memory, then a warp tile finishing with shuffles.
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "helper_cuda.h"

namespace cg = cooperative_groups;

template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

// Specialization for double: avoids unaligned memory access compile errors.
template <>
struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
  __device__ inline operator const double *() const {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};

template <typename T>
__device__ T tile_sum(cg::thread_block_tile<32> tile, T val) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) {
    val += tile.shfl_down(val, offset);
  }
  return val;
}

template <class T, unsigned int blockSize>
__global__ void reduceCG(const T *__restrict__ g_idata, T *__restrict__ g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T *sdata = SharedMemory<T>();

  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  T mySum = 0;
  // Each thread adds several elements first (grid-stride, two per step).
  for (unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x; i < n; i += gridSize) {
    mySum += g_idata[i];
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
  }
  sdata[tid] = mySum;
  cg::sync(cta);

  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    cg::sync(cta);
  }

  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (cta.thread_rank() < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    mySum = tile_sum(tile32, mySum);
  }
  if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const unsigned int n = 1 << 22;
  const unsigned int threads = 256;
  const unsigned int blocks = 64;
  std::vector<int> h_idata(n);
  long long cpu_sum = 0;
  for (unsigned int i = 0; i < n; i++) {
    h_idata[i] = (int)(rand() & 0xFF);
    cpu_sum += h_idata[i];
  }

  int *d_idata = nullptr, *d_odata = nullptr;
  checkCudaErrors(cudaMalloc((void **)&d_idata, n * sizeof(int)));
  checkCudaErrors(cudaMalloc((void **)&d_odata, blocks * sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_idata, h_idata.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  int smemSize = threads * sizeof(int);
  reduceCG<int, threads><<<blocks, threads, smemSize>>>(d_idata, d_odata, n);
  getLastCudaError("reduceCG failed");

  std::vector<int> h_odata(blocks);
  checkCudaErrors(cudaMemcpy(h_odata.data(), d_odata, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  long long gpu_sum = 0;
  for (int v : h_odata) gpu_sum += v;
  printf("GPU result = %lld, CPU result = %lld\n", gpu_sum, cpu_sum);

  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaFree(d_odata));
  return gpu_sum == cpu_sum ? EXIT_SUCCESS : EXIT_FAILURE;
}
