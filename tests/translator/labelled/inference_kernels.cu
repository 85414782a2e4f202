// Inference kernels as serving code writes them: launch bounds through macros,
// expressions and template parameters, a large dynamic shared-memory opt-in for a
// templated kernel, a one-warp-per-row kernel launched with 32-thread blocks, and a
// per-thread lock around a shared statistics record.
// Labels: "hazard: <category>" on lines a porting engineer must look at.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>

#define WARPS_PER_CTA 4
#define LANES 32
#define KERNEL_BOUNDS(threads, blocks) __launch_bounds__(threads, blocks)
#define DECODE_BOUNDS __launch_bounds__(64, 8)
#define STAT_LOCKED 1

struct Stats {
  int lock;
  float max_logit;
  int count;
};

template <typename T, int kThreads, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)  // hazard: block-size
    scale_rows(T *x, int cols, float s) {
  for (int c = threadIdx.x; c < cols; c += kThreads) x[blockIdx.x * cols + c] *= s;
}

// A library kernel: instantiated by its users, not in this file.
template <int kThreads>
__global__ void __launch_bounds__(kThreads, 2) bias_rows(float *x, const float *b,  // hazard: block-size
                                                         int cols) {
  for (int c = threadIdx.x; c < cols; c += kThreads) x[blockIdx.x * cols + c] += b[c];
}

__global__ void __launch_bounds__(WARPS_PER_CTA * LANES, 4) norm_rows(float *x, int cols) {  // hazard: block-size
  __shared__ float partial[WARPS_PER_CTA];
  float v = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) v += x[blockIdx.x * cols + c];
  if (threadIdx.x < WARPS_PER_CTA) partial[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x == 0) x[blockIdx.x * cols] = partial[0];
}

__global__ void KERNEL_BOUNDS(256, 1) gelu_rows(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.5f * x[i] * (1.0f + tanhf(0.79788456f * x[i]));
}

__global__ void DECODE_BOUNDS decode_step(float *logits, int vocab) {  // hazard: block-size
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < vocab) logits[i] = -logits[i];
}

template <typename T, int kHeadDim>
__global__ void attention(const T *q, const T *k, T *out, int len) {
  extern __shared__ float tile[];
  for (int i = threadIdx.x; i < kHeadDim; i += blockDim.x) tile[i] = float(q[i]) * float(k[i]);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = T(tile[0] * len);
}

// One warp per row: the kernel is written for blocks of exactly 32 threads.
__global__ void row_gemv(const float *a, const float *x, float *y, int cols) {
  float acc = 0.0f;
  for (int c = threadIdx.x; c < cols; c += 32) acc += a[blockIdx.x * cols + c] * x[c];
  for (int offset = 16; offset > 0; offset >>= 1)  // hazard: warp-size
    acc += __shfl_xor_sync(0xffffffff, acc, offset);  // hazard: lane-mask
  if (threadIdx.x == 0) y[blockIdx.x] = acc;
}

// Every thread that sees a larger logit takes the record's lock for itself.
__device__ void record_max(Stats *stats, float logit) {
  while (atomicExch(&stats->lock, STAT_LOCKED) == STAT_LOCKED) {  // hazard: warp-synchronous
  }
  if (logit > stats->max_logit) stats->max_logit = logit;
  stats->count += 1;
  __threadfence();
  atomicExch(&stats->lock, 0);
}

__global__ void track(const float *logits, Stats *stats, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && logits[i] > 10.0f) record_max(stats, logits[i]);
}

// The same lock taken by thread 0 of the block only: no two lanes of a wavefront spin.
__device__ void record_block(Stats *stats, float value) {
  do {
  } while (atomicCAS(&stats->lock, 0, 1) != 0);
  stats->count += 1;
  if (value > stats->max_logit) stats->max_logit = value;
  atomicExch(&stats->lock, 0);
}

__global__ void track_block(const float *logits, Stats *stats) {
  __shared__ float best;
  if (threadIdx.x == 0) best = logits[blockIdx.x * blockDim.x];
  __syncthreads();
  if (threadIdx.x == 0) record_block(stats, best);
}

int main() {
  const int rows = 512, cols = 1024;
  float *x, *y, *a;
  half *q, *k, *o;
  Stats *stats;
  cudaMalloc(&x, rows * cols * sizeof(float));
  cudaMalloc(&y, rows * sizeof(float));
  cudaMalloc(&a, rows * cols * sizeof(float));
  cudaMalloc(&q, cols * sizeof(half));
  cudaMalloc(&k, cols * sizeof(half));
  cudaMalloc(&o, rows * sizeof(half));
  cudaMalloc(&stats, sizeof(Stats));
  constexpr int kAttentionSmem = 2 * 128 * 128 * sizeof(float);
  cudaFuncSetAttribute(attention<half, 128>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       kAttentionSmem);  // hazard: shared-memory-limit
  cudaFuncSetAttribute(norm_rows, cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024);
  scale_rows<float, 96, 2><<<rows, 96>>>(x, cols, 0.5f);  // hazard: block-size
  norm_rows<<<rows, WARPS_PER_CTA * LANES>>>(x, cols);
  gelu_rows<<<rows * cols / 256, 256>>>(x, rows * cols);
  decode_step<<<cols / 64, 64>>>(x, cols);
  attention<half, 128><<<rows, 128, kAttentionSmem>>>(q, k, o, cols);  // hazard: shared-memory-limit
  row_gemv<<<rows, 32>>>(a, x, y, cols);  // hazard: block-size
  track<<<rows, 256>>>(x, stats, rows * cols);
  track_block<<<rows, 256>>>(x, stats);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
