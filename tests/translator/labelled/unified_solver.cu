// Jacobi solver mixing managed, pinned and device memory, as ported codes often do.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call)                                                        \
  do {                                                                     \
    cudaError_t err_ = (call);                                             \
    if (err_ != cudaSuccess) {                                             \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                             \
    }                                                                      \
  } while (0)

struct Params { int n; float omega; int iterations; };

__managed__ float residual;  // hazard: managed-memory

__global__ void jacobi(const float *a, const float *b, const float *x, float *x_new, Params p) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= p.n) return;
  float sigma = 0.0f;
  for (int j = 0; j < p.n; ++j)
    if (j != row) sigma += a[row * p.n + j] * x[j];
  float v = (b[row] - sigma) / a[row * p.n + row];
  x_new[row] = p.omega * v + (1.0f - p.omega) * x[row];
  atomicAdd(&residual, fabsf(x_new[row] - x[row]));  // hazard: atomic-fine-grained
}

__global__ void scale(float *v, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= s;
}

int main(int argc, char **argv) {
  Params p{argc > 1 ? atoi(argv[1]) : 512, 0.8f, 100};
  const size_t bytes = (size_t)p.n * sizeof(float);
  float *a, *b;
  CHECK(cudaMallocManaged(&a, bytes * p.n));  // hazard: managed-memory
  CHECK(cudaMallocManaged(&b, bytes));  // hazard: managed-memory
  for (int i = 0; i < p.n; ++i) {
    b[i] = 1.0f;
    for (int j = 0; j < p.n; ++j) a[i * p.n + j] = (i == j) ? p.n : 1.0f;
  }
  float *x, *x_new, *h_x;
  CHECK(cudaMalloc(&x, bytes));
  CHECK(cudaMalloc(&x_new, bytes));
  CHECK(cudaMallocHost(&h_x, bytes));
  memset(h_x, 0, bytes);
  h_x[0] = 1.0f;
  CHECK(cudaMemcpy(x, h_x, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(x_new, 0, p.n));  // hazard: memcpy-size
  for (int it = 0; it < p.iterations; ++it) {
    residual = 0.0f;
    jacobi<<<(p.n + 127) / 128, 128>>>(a, b, x, x_new, p);
    CHECK(cudaDeviceSynchronize());
    float *t = x;
    x = x_new;
    x_new = t;
    if (residual < 1e-6f) break;
  }
  scale<<<(p.n + 255) / 256, 256>>>(x, p.n, 0.5f);
  CHECK(cudaMemcpy(h_x, x, bytes, cudaMemcpyHostToDevice));  // hazard: memcpy-size
  printf("x[0] = %f, x[1] = %f\n", h_x[0], x[1]);  // hazard: host-deref
  printf("a[0] = %f\n", a[0]);
  float *copy = (float *)malloc(bytes);
  memcpy(copy, h_x, bytes);
  CHECK(cudaMemcpy(copy, x, p.n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(x, copy, sizeof(copy), cudaMemcpyHostToDevice));  // hazard: memcpy-size
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(x));
  CHECK(cudaFree(x_new));
  CHECK(cudaFreeHost(h_x));
  free(copy);
  return 0;
}
