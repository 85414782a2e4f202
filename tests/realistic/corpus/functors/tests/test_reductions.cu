// Self-checking test of a templated block reduction for several types and
// block sizes, with dynamic shared memory sized by the launcher.
#include <cassert>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>

#include <cuda_runtime.h>

#include "fx/hd.h"

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) block_sum(const T *in, T *out, int n) {
  extern __shared__ unsigned char smem_raw[];
  T *smem = reinterpret_cast<T *>(smem_raw);
  int tid = threadIdx.x;
  T acc = T(0);
  for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) acc += in[i];
  smem[tid] = acc;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) smem[tid] += smem[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = smem[0];
}

template <typename T, int BLOCK>
bool check_sum(int n) {
  std::vector<T> h(n);
  for (int i = 0; i < n; i++) h[i] = T(i % 10);
  T expected = std::accumulate(h.begin(), h.end(), T(0));
  const int grid = 32;
  T *d_in = nullptr, *d_out = nullptr;
  if (cudaMalloc(&d_in, n * sizeof(T)) != cudaSuccess) return false;
  cudaMalloc(&d_out, grid * sizeof(T));
  cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  block_sum<T, BLOCK><<<grid, BLOCK, BLOCK * sizeof(T)>>>(d_in, d_out, n);
  std::vector<T> partial(grid);
  cudaMemcpy(partial.data(), d_out, grid * sizeof(T), cudaMemcpyDeviceToHost);
  T got = std::accumulate(partial.begin(), partial.end(), T(0));
  cudaFree(d_in);
  cudaFree(d_out);
  bool ok = got == expected;
  printf("%-10s block %4d: %s\n", sizeof(T) == 8 ? "64-bit" : "32-bit", BLOCK, ok ? "ok" : "FAIL");
  return ok;
}

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf("no device, skipping\n");
    return 0;
  }
  bool ok = true;
  ok &= check_sum<int, 128>(100000);
  ok &= check_sum<int64_t, 256>(100000);
  ok &= check_sum<double, 512>(4096);
  ok &= check_sum<float, 1024>(1 << 20);
  assert(ok && "block_sum mismatch");
  return ok ? 0 : 1;
}
