// Warp-level inclusive scan and stream compaction (typical library style).
#include <cuda_runtime.h>
#include <stdint.h>

#define LOG_WARP_SIZE 5  // hazard: warp-size
#define FULL 0xffffffffu  // hazard: lane-mask

__device__ __forceinline__ int laneIndex() { return threadIdx.x & 0x1f; }  // hazard: warp-size

__device__ int warpScan(int v) {
  const int lane = laneIndex();
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {  // hazard: warp-size
    int n = __shfl_up_sync(FULL, v, d);
    if (lane >= d) v += n;
  }
  return v;
}

__global__ void compact(const int *in, int *out, int *count, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int keep = gid < n && in[gid] != 0;
  uint32_t ballot = __ballot_sync(FULL, keep);  // hazard: lane-mask
  int warpId = threadIdx.x >> LOG_WARP_SIZE;
  int prefix = __popc(ballot & ((1 << laneIndex()) - 1));  // hazard: lane-mask
  __shared__ int warpTotals[32];  // hazard: warp-size
  if (laneIndex() == 0) warpTotals[warpId] = __popc(ballot);  // hazard: lane-mask
  __syncthreads();
  if (keep) out[atomicAdd(count, 1)] = in[gid] + prefix + warpScan(keep);
}

// Host helpers: bit tricks on plain integers are not lane arithmetic.
static int roundUp32(int x) { return (x + 31) & ~31; }
static int words(int bits) { return bits / 32 + (bits % 32 != 0); }

void run(const int *d_in, int *d_out, int *d_count, int n) {
  compact<<<(n + 255) / 256, 256>>>(d_in, d_out, d_count, n);
  int padded = roundUp32(n) + words(n);
  (void)padded;
}
