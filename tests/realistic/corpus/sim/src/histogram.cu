// 256-bin histogram: per-block privatized bins in shared memory, merged with
// global atomics; a second kernel computes the weighted mean in double.
#include <cstdio>
#include <vector>

#include "../util/cuda_utils.cuh"

#define NUM_BINS 256

__global__ void histogram_smem(const unsigned char *data, size_t n, unsigned int *bins) {
  __shared__ unsigned int local[NUM_BINS];
  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x) local[i] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&local[data[i]], 1u);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < NUM_BINS; i += blockDim.x) {
    if (local[i]) atomicAdd(&bins[i], local[i]);
  }
}

__global__ void weighted_mean(const unsigned int *bins, double *result) {
  int bin = threadIdx.x;
  double contribution = (double)bin * bins[bin];
  atomicAdd(result, contribution);
  atomicAdd(result + 1, (double)bins[bin]);
}

int main() {
  const size_t n = 1 << 26;
  std::vector<unsigned char> h(n);
  for (size_t i = 0; i < n; i++) h[i] = (unsigned char)((i * 2654435761u) >> 24);

  unsigned char *d_data;
  unsigned int *d_bins;
  double *d_result;
  gpuErrchk(cudaMalloc(&d_data, n));
  gpuErrchk(cudaMalloc(&d_bins, NUM_BINS * sizeof(unsigned int)));
  gpuErrchk(cudaMalloc(&d_result, 2 * sizeof(double)));
  gpuErrchk(cudaMemcpy(d_data, h.data(), n, cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int)));
  gpuErrchk(cudaMemset(d_result, 0, 2 * sizeof(double)));

  int device, sms;
  gpuErrchk(cudaGetDevice(&device));
  gpuErrchk(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  GpuTimer timer;
  timer.Start();
  histogram_smem<<<sms * 8, 256>>>(d_data, n, d_bins);
  timer.Stop();
  cudaCheckErrors("histogram_smem");
  weighted_mean<<<1, NUM_BINS>>>(d_bins, d_result);
  cudaCheckErrors("weighted_mean");

  unsigned int bins[NUM_BINS];
  double result[2];
  gpuErrchk(cudaMemcpy(bins, d_bins, sizeof(bins), cudaMemcpyDeviceToHost));
  gpuErrchk(cudaMemcpy(result, d_result, sizeof(result), cudaMemcpyDeviceToHost));
  unsigned long long total = 0;
  for (int i = 0; i < NUM_BINS; i++) total += bins[i];
  printf("%.2f GB/s, %llu samples, mean bin %.3f\n", n / (timer.Elapsed() * 1e6), total,
         result[0] / result[1]);
  cudaFree(d_data);
  cudaFree(d_bins);
  cudaFree(d_result);
  return total == n ? 0 : 1;
}
