// Stream compaction: warp-level inclusive scan with shuffles, ballots to
// count survivors, and a block-level scan of the warp totals.
#include <cstdio>
#include <vector>

#include "../util/cuda_utils.cuh"

#define FULL_MASK 0xffffffff
#define WARPS_PER_BLOCK 8

__device__ __forceinline__ int warp_inclusive_scan(int value, int lane) {
  for (int offset = 1; offset < 32; offset <<= 1) {
    int y = __shfl_up_sync(FULL_MASK, value, offset);
    if (lane >= offset) value += y;
  }
  return value;
}

// Keeps the positive elements, preserving their order within each block.
__global__ void compact(const int *in, int *out, int *block_counts, int n) {
  __shared__ int warp_totals[WARPS_PER_BLOCK];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  int value = gid < n ? in[gid] : 0;
  bool keep = value > 0;

  unsigned int ballot = __ballot_sync(FULL_MASK, keep);
  int rank_in_warp = __popc(ballot & ((1u << lane) - 1));
  if (lane == 0) warp_totals[warp] = __popc(ballot);
  __syncthreads();

  if (warp == 0) {
    int total = lane < WARPS_PER_BLOCK ? warp_totals[lane] : 0;
    int scanned = warp_inclusive_scan(total, lane);
    if (lane < WARPS_PER_BLOCK) warp_totals[lane] = scanned - total;  // exclusive
    if (lane == WARPS_PER_BLOCK - 1) block_counts[blockIdx.x] = scanned;
  }
  __syncthreads();
  if (keep) {
    out[blockIdx.x * blockDim.x + warp_totals[warp] + rank_in_warp] = value;
  }
}

// First lane of each warp that sees a negative value reports it.
__global__ void first_negative(const int *in, int *where, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n) return;
  unsigned active = __activemask();
  unsigned neg = __ballot_sync(active, in[gid] < 0);
  if (neg && (threadIdx.x & 31) == __ffs(neg) - 1) atomicMin(where, gid);
  __syncwarp(active);
  if (__all_sync(active, in[gid] >= 0) && (threadIdx.x & 31) == 0) {
    atomicAdd(where + 1, 1);
  }
}

int main() {
  const int n = 1 << 20, block = WARPS_PER_BLOCK * 32;
  const int blocks = (n + block - 1) / block;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i % 7) - 3;
  int *d_in, *d_out, *d_counts, *d_where;
  gpuErrchk(cudaMalloc(&d_in, n * sizeof(int)));
  gpuErrchk(cudaMalloc(&d_out, n * sizeof(int)));
  gpuErrchk(cudaMalloc(&d_counts, blocks * sizeof(int)));
  gpuErrchk(cudaMalloc(&d_where, 2 * sizeof(int)));
  int init[2] = {n, 0};
  gpuErrchk(cudaMemcpy(d_where, init, sizeof(init), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  compact<<<blocks, block>>>(d_in, d_out, d_counts, n);
  first_negative<<<blocks, block>>>(d_in, d_where, n);
  cudaCheckErrors("scan kernels");
  std::vector<int> counts(blocks);
  gpuErrchk(cudaMemcpy(counts.data(), d_counts, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  gpuErrchk(cudaMemcpy(init, d_where, sizeof(init), cudaMemcpyDeviceToHost));
  long kept = 0;
  for (int c : counts) kept += c;
  printf("kept %ld of %d, first negative at %d\n", kept, n, init[0]);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_counts);
  cudaFree(d_where);
  return 0;
}
