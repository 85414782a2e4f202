// Histogram with warp-aggregated atomics and a few memory mistakes.
#include <cuda_runtime.h>
#include <cstdlib>

#define BINS 64

__device__ int aggregatedAdd(int *counter) {
  unsigned active = __activemask();  // hazard: lane-mask
  int leader = __ffs(active) - 1;  // hazard: lane-mask
  int lane = threadIdx.x & 31;  // hazard: warp-size
  int count = __popc(active);  // hazard: lane-mask
  int rank = __popc(active & ((1u << lane) - 1));  // hazard: lane-mask
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, count);
  return __shfl_sync(active, base, leader) + rank;
}

__global__ void histogram(const unsigned char *data, int *bins, int n) {
  __shared__ int local[BINS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < BINS) local[threadIdx.x] = 0;
  __syncthreads();
  if (i < n) atomicAdd(&local[data[i] % BINS], 1);
  __syncthreads();
  if (threadIdx.x < BINS) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main() {
  const int n = 4096;
  unsigned char *h_data = (unsigned char *)malloc(n);
  unsigned char *d_data;
  int *d_bins;
  int h_bins[BINS];
  cudaMalloc(&d_data, n);
  cudaMalloc(&d_bins, BINS);  // hazard: memcpy-size
  cudaMemcpy(d_data, h_data, n, cudaMemcpyHostToDevice);
  histogram<<<(n + 127) / 128, 128>>>(d_data, d_bins, n);
  cudaMemcpy(d_bins, h_bins, BINS * sizeof(int), cudaMemcpyDeviceToHost);  // hazard: memcpy-size
  cudaMemcpy(h_bins, d_bins, sizeof(d_bins), cudaMemcpyDeviceToHost);  // hazard: memcpy-size
  free(h_data);
  return h_bins[0];
}
