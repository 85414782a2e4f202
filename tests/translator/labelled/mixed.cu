// Mixed bag: nested launches, PTX intrinsics, qualified WMMA, struct pointers.
#include <cuda_runtime.h>
#include <mma.h>  // hazard: wmma

struct Params { float scale; int count; };

__device__ __forceinline__ float shflBfly(float v, int mask) {
  float r;
  asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;"  // hazard: inline-asm
               : "=f"(r) : "f"(v), "r"(mask));
  return r;
}

__device__ unsigned smid() {
  unsigned id;
  asm("mov.u32 %0, %%smid;" : "=r"(id));  // hazard: inline-asm
  return id;
}

__global__ void leaf(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = shflBfly(data[i], 1) + smid();
}

__global__ void spawn(float *data, int n) {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, 0x01);  // hazard: dynamic-parallelism
  leaf<<<(n + 127) / 128, 128, 0, s>>>(data, n);  // hazard: dynamic-parallelism
}

__global__ void tensorTile(const half *a, const half *b, float *c) {
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> fa;  // hazard: wmma
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  nvcuda::wmma::load_matrix_sync(fa, a, 16);
  nvcuda::wmma::fill_fragment(acc, 0.0f);
  nvcuda::wmma::store_matrix_sync(c, acc, 16, nvcuda::wmma::mem_row_major);
}

__global__ void vote(const int *flags, int *leaders) {
  unsigned long long active = __activemask();
  unsigned long long set = __ballot_sync(active, flags[threadIdx.x] != 0);
  __syncwarp(active);
  if (set) leaders[blockIdx.x] = __ffsll(set) - 1;
}

int main() {
  Params *d_params;
  float *d_data;
  cudaMalloc(&d_params, sizeof(Params));
  cudaMalloc(&d_data, 1024 * sizeof(float));
  d_params->scale = 2.0f;  // hazard: host-deref
  spawn<<<1, 64>>>(d_data, 1024);
  int *d_leaders, *d_flags;
  cudaMalloc(&d_leaders, 8 * sizeof(int));
  cudaMalloc(&d_flags, 512 * sizeof(int));
  vote<<<8, 64>>>(d_flags, d_leaders);
  cudaDeviceSynchronize();
  return 0;
}
