// Stream compaction and a segmented scan built on warp primitives and cooperative groups.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

namespace cg = cooperative_groups;

constexpr int kWarp = 32;  // hazard: warp-size
constexpr int kRadixBits = 5;
constexpr int kBuckets = 1 << kRadixBits;  // 32 radix buckets, nothing to do with lanes

__device__ int warp_inclusive_scan(int v) {
  int lane = threadIdx.x % kWarp;  // reported at kWarp's definition
  for (int d = 1; d < 32; d *= 2) {  // hazard: warp-size
    int up = __shfl_up_sync(0xffffffffu, v, d);  // hazard: lane-mask
    if (lane >= d) v += up;
  }
  return v;
}

__global__ void compact(const float *in, float *out, int *total, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);  // hazard: warp-size
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool keep = i < n && in[i] != 0.0f;
  unsigned int mask = tile.ballot(keep);  // a 32-lane tile's ballot: 32 bits
  int rank = __popc(mask & ((1u << tile.thread_rank()) - 1));  // hazard: lane-mask
  int base = 0;
  if (tile.thread_rank() == 0) base = atomicAdd(total, __popc(mask));
  base = tile.shfl(base, 0);
  if (keep) out[base + rank] = in[i];
}

// Tiles of 4 and 16 threads fit inside any wavefront: nothing to report.
__global__ void quad_sum(const float *in, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<4> quad = cg::tiled_partition<4>(block);
  cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int o = quad.size() / 2; o > 0; o /= 2) v += quad.shfl_down(v, o);
  if (half.thread_rank() == 0 && i < n) out[i / 16] = v;
}

__global__ void radix_histogram(const unsigned int *keys, int n, int shift, int *hist) {
  __shared__ int local[kBuckets];
  if (threadIdx.x < kBuckets) local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[(keys[i] >> shift) & (kBuckets - 1)], 1);
  __syncthreads();
  if (threadIdx.x < kBuckets) atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}

__global__ void partial_sync(float *data) {
  int lane = threadIdx.x % warpSize;
  if (lane < 16) {
    data[threadIdx.x] *= 2.0f;
    __syncwarp(0x0000ffff);  // hazard: warp-synchronous
  }
  __syncwarp();
  data[threadIdx.x] += data[threadIdx.x ^ 1];
}

int main() {
  const int n = 4096;
  float *h_in = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) h_in[i] = (i % 3) ? 1.0f : 0.0f;
  float *d_in, *d_out;
  int *total;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMallocManaged(&total, sizeof(int));  // hazard: managed-memory
  *total = 0;
  cudaMemcpy(d_in, h_in, n, cudaMemcpyHostToDevice);  // hazard: memcpy-size
  compact<<<n / 256, 256>>>(d_in, d_out, total, n);
  cudaDeviceSynchronize();
  printf("kept %d of %d\n", *total, n);
  cudaMemcpy(h_in, d_out, sizeof(h_in), cudaMemcpyDeviceToHost);  // hazard: memcpy-size
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(total);
  free(h_in);
  return 0;
}
