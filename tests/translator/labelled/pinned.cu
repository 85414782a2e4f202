// Zero-copy host memory, launches and a few APIs with AMD differences.
#include <cuda_runtime.h>

__global__ void accumulate(float *total, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(total, x[i]);  // hazard: atomic-fine-grained
}

__global__ void countHits(int *hits, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 0.5f) atomicAdd(hits, 1);
}

__global__ void timed(long long *cycles) {
  long long start = clock64();  // hazard: unsupported-api
  __syncthreads();
  cycles[blockIdx.x] = clock64() - start;  // hazard: unsupported-api
}

int main() {
  const int n = 1 << 20;
  float *h_total, *d_total, *x;
  int *h_hits, *d_hits;
  cudaHostAlloc(&h_total, sizeof(float), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&d_total, h_total, 0);
  cudaHostAlloc(&h_hits, sizeof(int), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&d_hits, h_hits, 0);
  cudaMalloc(&x, n * sizeof(float));
  cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte);  // hazard: unsupported-api
  accumulate<<<(n + 511) / 512, 512>>>(d_total, x, n);
  countHits<<<(n + 511) / 512, 512>>>(d_hits, x, n);
  long long *cycles;
  cudaMalloc(&cycles, 80 * sizeof(long long));
  timed<<<80, 48>>>(cycles);  // hazard: block-size
  cudaDeviceSynchronize();
  return *h_total > 0 && *h_hits > 0 ? 0 : 1;
}
