#include "sweep.h"

__global__ void warp_scan(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = i < n ? in[i] : 0;
  for (int offset = 1; offset < 32; offset <<= 1) {
    int up = __shfl_up_sync(0xffffffff, v, offset);
    if (lane >= offset) v += up;
  }
  if (i < n) out[i] = v;
}

int main() {
  const int n = 1 << 20;
  int *in = nullptr, *out = nullptr;
  SWEEP_CHECK(cudaMalloc(&in, n * sizeof(int)));
  SWEEP_CHECK(cudaMalloc(&out, n * sizeof(int)));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  warp_scan<<<n / 256, 256>>>(in, out, n);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  std::printf("scan: %.3f ms\n", ms);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
