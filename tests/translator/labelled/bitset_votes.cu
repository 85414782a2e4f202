// Particle filtering with warp votes and a global visited-bitset.
// Labels: "hazard: <category>" on lines a porting engineer must look at.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#define THREADS 256
#define BITS_PER_WORD 32

struct Particle { float x, y, z, w; };

// Marks item i in a bitset of 32-bit words: i / 32 picks the word, i % 32 the bit.
__device__ void mark(unsigned int *words, int i) {
  atomicOr(&words[i / 32], 1u << (i % 32));
}

__device__ bool is_marked(const unsigned int *words, int i) {
  return (words[i >> 5] >> (i & 31)) & 1u;
}

__global__ void select_alive(const Particle *p, int n, unsigned int *visited,
                             int *out, int *count) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n) return;
  bool alive = p[gid].w > 0.0f;
  if (alive) mark(visited, gid);
  atomicOr(&visited[gid / BITS_PER_WORD], 1u << (gid % BITS_PER_WORD));
  unsigned int votes = __ballot_sync(__activemask(), alive);  // hazard: lane-mask
  int lane = threadIdx.x & 31;  // hazard: warp-size
  int before = __popc(votes & ((1u << lane) - 1));  // hazard: lane-mask
  int base = 0;
  if (lane == 0) base = atomicAdd(count, __popc(votes));  // hazard: lane-mask
  base = __shfl_sync(0xffffffff, base, 0);  // hazard: lane-mask
  if (alive) out[base + before] = gid;
}

// The 64-bit spelling is what a port ends with: no findings here.
__global__ void select_alive_portable(const Particle *p, int n, int *out, int *count) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n) return;
  bool alive = p[gid].w > 0.0f;
  unsigned long long votes = __ballot_sync(__activemask(), alive);
  int lane = threadIdx.x % warpSize;
  int before = __popcll(votes & ((1ull << lane) - 1));
  int base = 0;
  if (lane == 0) base = atomicAdd(count, __popcll(votes));
  base = __shfl_sync(__activemask(), base, 0);
  if (alive) out[base + before] = gid;
}

// Flags are packed 32 per word by the host; bit k of a word is a data bit, not a lane.
__global__ void unpack_flags(const unsigned int *packed, unsigned char *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int word = packed[i / 32];
  flags[i] = (word >> (i % 32)) & 1u;
  int first = __ffs(word) - 1;
  if (i == 0) flags[n] = (unsigned char)first;
}

int main() {
  const int n = 1 << 16;
  std::vector<Particle> host(n, Particle{0.f, 0.f, 0.f, 1.f});
  Particle *d_p;
  unsigned int *d_visited;
  int *d_out, *d_count;
  cudaMalloc(&d_p, n * sizeof(Particle));
  cudaMalloc(&d_visited, (n / 32) * sizeof(unsigned int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_count, sizeof(int));
  cudaMemset(d_visited, 0, (n / 32) * sizeof(unsigned int));
  cudaMemset(d_count, 0, sizeof(int));
  cudaMemcpy(d_p, host.data(), n * sizeof(Particle), cudaMemcpyHostToDevice);
  select_alive<<<(n + THREADS - 1) / THREADS, THREADS>>>(d_p, n, d_visited, d_out, d_count);
  int count = 0;
  cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  printf("alive: %d, first: %d\n", count, *d_out);  // hazard: host-deref
  cudaFree(d_p);
  cudaFree(d_visited);
  cudaFree(d_out);
  cudaFree(d_count);
  return 0;
}
