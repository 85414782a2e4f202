// 2-D stencil and transpose with shared tiles; launch shapes picked for an NVIDIA GPU.
#include <cuda_runtime.h>
#include <cstdio>

#define TILE 32
#define RADIUS 4
#define NUM_BANKS 32

template <typename T>
struct Grid2D { T *data; int width, height, pitch; };

__global__ void transpose(const float *in, float *out, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < width && y < height) tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < height && y < width) out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void stencil(Grid2D<float> g, float *out) {
  __shared__ float halo[TILE + 2 * RADIUS][TILE + 2 * RADIUS];
  int col = threadIdx.x % TILE;
  int row = threadIdx.x / TILE;
  int gx = blockIdx.x * TILE + col;
  int gy = blockIdx.y * TILE + row;
  if (gx < g.width && gy < g.height) halo[row + RADIUS][col + RADIUS] = g.data[gy * g.pitch + gx];
  __syncthreads();
  float acc = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; ++k) acc += halo[row + RADIUS][col + RADIUS + k];
  if (gx < g.width && gy < g.height) out[gy * g.width + gx] = acc;
}

// Bank-conflict-free padding index: 32 banks on both vendors' shared memory.
__device__ int padded(int i) { return i + i / NUM_BANKS; }

__global__ void coefficients(const float *taps, const float *in, float *out, int n) {
  __shared__ float c[32];
  if (threadIdx.x < 32) c[threadIdx.x] = taps[threadIdx.x];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 32 > n) return;
  float acc = 0.0f;
  for (int k = 0; k < 32; ++k) acc += c[k] * in[i + k];
  out[padded(i)] = acc;
}

__global__ void big_histogram(const int *keys, int n, int *hist) {
  __shared__ int bins[16384 + 1024];  // hazard: shared-memory-limit
  for (int b = threadIdx.x; b < 16384 + 1024; b += blockDim.x) bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[keys[i] % 17408], 1);
  __syncthreads();
  for (int b = threadIdx.x; b < 17408; b += blockDim.x) atomicAdd(&hist[b], bins[b]);
}

__global__ void medium_histogram(const int *keys, int n, int *hist) {
  __shared__ int bins[12288];
  for (int b = threadIdx.x; b < 12288; b += blockDim.x) bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[keys[i] % 12288], 1);
  __syncthreads();
  for (int b = threadIdx.x; b < 12288; b += blockDim.x) atomicAdd(&hist[b], bins[b]);
}

extern __shared__ float dynamic_buffer[];

__global__ void window_sum(const float *in, float *out, int n, int window) {
  for (int k = threadIdx.x; k < window; k += blockDim.x) dynamic_buffer[k] = in[k];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = dynamic_buffer[i % window];
}

int main() {
  const int w = 1024, h = 1024;
  float *a, *b;
  int *keys, *hist;
  cudaMalloc(&a, w * h * sizeof(float));
  cudaMalloc(&b, w * h * sizeof(float));
  cudaMalloc(&keys, w * h * sizeof(int));
  cudaMalloc(&hist, 17408 * sizeof(int));
  dim3 block(TILE, 8);
  dim3 grid(w / TILE, h / TILE);
  transpose<<<grid, block>>>(a, b, w, h);
  Grid2D<float> g{a, w, h, w};
  stencil<<<grid, TILE * TILE>>>(g, b);
  coefficients<<<w * h / 96, 96>>>(a, a, b, w * h);  // hazard: block-size
  big_histogram<<<120, 512>>>(keys, w * h, hist);
  medium_histogram<<<120, 512>>>(keys, w * h, hist);
  const int window = 20000;
  cudaFuncSetAttribute(window_sum, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       window * sizeof(float));  // hazard: shared-memory-limit
  window_sum<<<w * h / 256, 256, window * sizeof(float)>>>(a, b, w * h, window);  // hazard: shared-memory-limit
  window_sum<<<w * h / 256, 256, 4096 * sizeof(float)>>>(a, b, w * h, 4096);
  cudaDeviceSynchronize();
  cudaFree(a);
  cudaFree(b);
  cudaFree(keys);
  cudaFree(hist);
  return 0;
}
