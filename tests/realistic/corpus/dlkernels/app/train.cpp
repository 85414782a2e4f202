// A tiny forward + optimizer loop over random data that drives the dlk
// kernels. Host C++ only: device memory through the runtime API.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "dlk/ops.h"

#define CHECK(call)                                                                           \
  do {                                                                                        \
    cudaError_t e = (call);                                                                   \
    if (e != cudaSuccess) {                                                                   \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e)); \
      std::exit(1);                                                                           \
    }                                                                                         \
  } while (0)

template <typename T>
T *device_alloc(size_t count) {
  T *ptr = nullptr;
  CHECK(cudaMalloc(&ptr, count * sizeof(T)));
  return ptr;
}

static std::vector<float> random_vector(size_t n, std::mt19937 &rng) {
  std::normal_distribution<float> dist(0.0f, 0.02f);
  std::vector<float> v(n);
  for (auto &x : v) x = dist(rng);
  return v;
}

int main(int argc, char **argv) {
  const int B = 4, T = 64, C = 256, V = 1024;
  const int steps = argc > 1 ? atoi(argv[1]) : 10;
  std::mt19937 rng(1337);

  int device = 0;
  CHECK(cudaSetDevice(device));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, device));
  printf("[System] Device %d: %s, %d SMs, %.1f GB\n", device, prop.name, prop.multiProcessorCount,
         prop.totalGlobalMem / 1e9);
  bool enable_tf32 = prop.major >= 8;
  printf("[System] TF32 %s\n", enable_tf32 ? "enabled" : "disabled");

  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  std::vector<int> tokens(B * T);
  for (auto &t : tokens) t = rng() % V;
  int *d_tokens = device_alloc<int>(B * T);
  CHECK(cudaMemcpyAsync(d_tokens, tokens.data(), tokens.size() * sizeof(int), cudaMemcpyHostToDevice,
                        stream));

  size_t n_wte = (size_t)V * C, n_wpe = (size_t)T * C;
  float *wte = device_alloc<float>(n_wte), *wpe = device_alloc<float>(n_wpe);
  auto h_wte = random_vector(n_wte, rng), h_wpe = random_vector(n_wpe, rng);
  CHECK(cudaMemcpy(wte, h_wte.data(), n_wte * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(wpe, h_wpe.data(), n_wpe * sizeof(float), cudaMemcpyHostToDevice));

  float *ln_w = device_alloc<float>(C), *ln_b = device_alloc<float>(C);
  std::vector<float> ones(C, 1.0f);
  CHECK(cudaMemcpy(ln_w, ones.data(), C * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(ln_b, 0, C * sizeof(float)));

  float *x = device_alloc<float>(B * T * C), *y = device_alloc<float>(B * T * C);
  float *mean = device_alloc<float>(B * T), *rstd = device_alloc<float>(B * T);
  float *m = device_alloc<float>(n_wte), *v = device_alloc<float>(n_wte);
  CHECK(cudaMemset(m, 0, n_wte * sizeof(float)));
  CHECK(cudaMemset(v, 0, n_wte * sizeof(float)));

  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int step = 1; step <= steps; step++) {
    CHECK(cudaEventRecord(start, stream));
    dlk::encoder_forward(x, d_tokens, wte, wpe, B, T, C, stream);
    dlk::layernorm_forward(y, mean, rstd, x, ln_w, ln_b, B, T, C, stream);
    dlk::gelu_forward(x, y, B * T * C, stream);
    dlk::softmax_forward(y, x, B * T, C, stream);
    // Pretend the activations are the gradients of the embedding table.
    dlk::adamw_update(wte, y, m, v, (size_t)B * T * C, 3e-4f, 0.9f, 0.95f, step, 1e-8f, 0.0f, stream);
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("step %d: %.3f ms\n", step, ms);
  }

  std::vector<float> out(B * T * C);
  CHECK(cudaMemcpy(out.data(), y, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  double checksum = 0.0;
  for (float value : out) checksum += value;
  printf("checksum %.6f (expected %d)\n", checksum, B * T);

  for (void *p : {(void *)d_tokens, (void *)wte, (void *)wpe, (void *)ln_w, (void *)ln_b, (void *)x,
                  (void *)y, (void *)mean, (void *)rstd, (void *)m, (void *)v}) {
    CHECK(cudaFree(p));
  }
  CHECK(cudaStreamDestroy(stream));
  return std::fabs(checksum - B * T) < 1e-2 ? 0 : 1;
}
