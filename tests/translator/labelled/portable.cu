// Portable code: every construct here is already safe for 64-lane wavefronts.
#include <cuda_runtime.h>
#include <cstdlib>

// Old code used: int lane = threadIdx.x % 32; and __shfl_down_sync(0xffffffff, v, 16)
__device__ float waveSum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(__activemask(), v, offset);
  return v;
}

__global__ void scale(float *a, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  a[i] *= f;
}

__global__ void vote(const int *in, unsigned long long *out) {
  unsigned long long mask = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  int lane = threadIdx.x % warpSize;
  int below = __popcll(mask & ((1ull << lane) - 1));
  out[threadIdx.x] = mask + below;
}

int main() {
  const int n = 1 << 16;
  const size_t bytes = n * sizeof(float);
  float *h = (float *)malloc(bytes);
  float *d;
  cudaMalloc(&d, bytes);
  cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
  scale<<<(n + 255) / 256, 256>>>(d, n, 2.0f);
  cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
  const char *msg = "cudaMallocManaged and __managed__ are not used";
  printf("%s %f\n", msg, h[0]);
  for (int i = 0; i < 32; i++) h[i] = 0.0f;
  cudaFree(d);
  free(h);
  return 0;
}
