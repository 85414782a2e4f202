// Estimates pi with the cuRAND device API: one XORWOW state per thread,
// initialized once and reused across launches.
#include <curand_kernel.h>

#include <cstdio>

#include "../util/cuda_utils.cuh"

#define THREADS 256
#define BLOCKS 120
#define TRIALS_PER_THREAD 4096

__global__ void setup_kernel(curandState *state, unsigned long long seed) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  /* Each thread gets same seed, a different sequence number, no offset */
  curand_init(seed, id, 0, &state[id]);
}

__global__ void gpu_monte_carlo(curandState *states, unsigned long long *hits) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  curandState localState = states[tid];
  unsigned int inside = 0;
  for (int i = 0; i < TRIALS_PER_THREAD; i++) {
    float x = curand_uniform(&localState);
    float y = curand_uniform(&localState);
    inside += (x * x + y * y <= 1.0f);
  }
  states[tid] = localState;
  atomicAdd(hits, (unsigned long long)inside);
}

// Normal samples with Philox, summed per block to check the mean.
__global__ void normal_mean(unsigned long long seed, float *block_sums) {
  __shared__ float partial[THREADS];
  curandStatePhilox4_32_10_t state;
  curand_init(seed, blockIdx.x * blockDim.x + threadIdx.x, 0, &state);
  float4 v = curand_normal4(&state);
  partial[threadIdx.x] = v.x + v.y + v.z + v.w;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) block_sums[blockIdx.x] = partial[0];
}

int main() {
  curandState *devStates;
  unsigned long long *d_hits, hits = 0;
  float *d_sums;
  gpuErrchk(cudaMalloc((void **)&devStates, THREADS * BLOCKS * sizeof(curandState)));
  gpuErrchk(cudaMalloc((void **)&d_hits, sizeof(unsigned long long)));
  gpuErrchk(cudaMalloc((void **)&d_sums, BLOCKS * sizeof(float)));
  gpuErrchk(cudaMemset(d_hits, 0, sizeof(unsigned long long)));

  setup_kernel<<<BLOCKS, THREADS>>>(devStates, 1234ULL);
  cudaCheckErrors("setup_kernel");
  gpu_monte_carlo<<<BLOCKS, THREADS>>>(devStates, d_hits);
  cudaCheckErrors("gpu_monte_carlo");
  normal_mean<<<BLOCKS, THREADS>>>(42ULL, d_sums);
  cudaCheckErrors("normal_mean");

  gpuErrchk(cudaMemcpy(&hits, d_hits, sizeof(hits), cudaMemcpyDeviceToHost));
  float sums[BLOCKS];
  gpuErrchk(cudaMemcpy(sums, d_sums, sizeof(sums), cudaMemcpyDeviceToHost));
  double mean = 0.0;
  for (float s : sums) mean += s;
  mean /= 4.0 * THREADS * BLOCKS;
  double pi = 4.0 * hits / ((double)THREADS * BLOCKS * TRIALS_PER_THREAD);
  printf("pi ~ %.6f, normal mean %.4f\n", pi, mean);
  cudaFree(devStates);
  cudaFree(d_hits);
  cudaFree(d_sums);
  return 0;
}
