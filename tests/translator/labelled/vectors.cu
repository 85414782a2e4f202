// Vector kernels and host code with the usual copy mistakes.
#include <cuda_runtime.h>
#include <cstdlib>
#include <vector>

__global__ void add(const float *a, const float *b, float *c, int n) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  c[idx] = a[idx] + b[idx];  // hazard: unguarded-index
}

__global__ void addGuarded(const float *a, const float *b, float *c, int n) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx < n) c[idx] = a[idx] + b[idx];
}

__global__ void fill(int *v, int value) {
  v[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

int main() {
  const int N = 100000;
  const int threads = 128;
  const int blocks = (N + threads - 1) / threads;
  std::vector<float> h_a(N, 1.0f), h_b(N, 2.0f), h_c(N);
  float *d_a, *d_b, *d_c;
  int *d_v;
  cudaMalloc((void **)&d_a, N * sizeof(float));
  cudaMalloc((void **)&d_b, N * sizeof(float));
  cudaMalloc((void **)&d_c, N * sizeof(float));
  cudaMalloc((void **)&d_v, N * sizeof(int));
  cudaMemcpy(d_a, h_a.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, h_b.data(), N, cudaMemcpyHostToDevice);  // hazard: memcpy-size
  add<<<blocks, threads>>>(d_a, d_b, d_c, N);
  addGuarded<<<blocks, threads>>>(d_a, d_b, d_c, N);
  fill<<<N / threads, threads>>>(d_v, 7);
  cudaMemcpy(h_c.data(), d_c, N * sizeof(float), cudaMemcpyDeviceToHost);
  float check = d_c[N - 1];  // hazard: host-deref
  int *h_v = (int *)malloc(N * sizeof(int));
  cudaMemcpy(h_v, d_v, N * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(d_v, h_v, N * sizeof(int), cudaMemcpyDeviceToDevice);  // hazard: memcpy-size
  free(h_v);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_c);
  return check > 0 ? 0 : 1;
}
