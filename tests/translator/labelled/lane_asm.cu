// Low-level warp utilities: inline PTX, lane masks and warp-size assumptions.
// Uses of a warp-size macro are reported once, where the macro is defined (W001).
#include <cuda_runtime.h>
#include <cstdint>

#define WARP_SIZE 32  // hazard: warp-size
#define LOG_WARP_SIZE 5  // hazard: warp-size
#define FULL_MASK 0xffffffffu  // hazard: lane-mask
#define WORD_BITS 32
#define CHUNK 32

__device__ __forceinline__ unsigned lane_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));  // hazard: inline-asm
  return id;
}

__device__ __forceinline__ unsigned lanemask_lt() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));  // hazard: inline-asm
  return mask;
}

__device__ __forceinline__ float warp_max(float v) {
  for (int o = WARP_SIZE / 2; o > 0; o >>= 1)  // W001 reports WARP_SIZE where it is defined
    v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o));
  return v;
}

__device__ __forceinline__ float warp_max_portable(float v) {
  for (int o = warpSize / 2; o > 0; o >>= 1)
    v = fmaxf(v, __shfl_xor_sync(__activemask(), v, o));
  return v;
}

__global__ void argmax(const float *in, int n, int *best) {
  __shared__ float per_warp[WARP_SIZE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : -1e30f;
  float m = warp_max(v);
  unsigned lane = lane_id();
  unsigned warp = threadIdx.x >> LOG_WARP_SIZE;
  unsigned hits = __ballot_sync(FULL_MASK, v == m);  // hazard: lane-mask
  if (lane == __ffs(hits) - 1) per_warp[warp] = m;  // hazard: lane-mask
  __syncthreads();
  if (threadIdx.x == 0 && per_warp[0] == m) atomicMax(best, i);
}

// Bytes are processed in chunks of 32: the 32 here is a chunk length, not a lane count.
__global__ void checksum(const uint8_t *bytes, int n, uint32_t *sums) {
  int chunk = blockIdx.x * blockDim.x + threadIdx.x;
  int start = chunk * CHUNK;
  if (start >= n) return;
  uint32_t s = 0;
  for (int k = 0; k < CHUNK && start + k < n; ++k) s = (s << 1 | s >> 31) ^ bytes[start + k];
  uint32_t rotate = chunk % WORD_BITS;
  sums[chunk] = (s << rotate) | (s >> ((WORD_BITS - rotate) % WORD_BITS));
}

__global__ void lane_prefix(const int *flags, int *rank) {
  unsigned lane = threadIdx.x % 32;  // hazard: warp-size
  unsigned below = __ballot_sync(FULL_MASK, flags[threadIdx.x]) & lanemask_lt();  // hazard: lane-mask
  rank[threadIdx.x] = __popc(below) + (lane == 0);  // hazard: lane-mask
}

__global__ void clock_spin(long long cycles) {
  long long start = clock64();  // hazard: unsupported-api
  while (clock64() - start < cycles) {  // hazard: unsupported-api
  }
}
