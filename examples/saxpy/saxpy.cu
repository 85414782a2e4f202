// saxpy.cu - computes y = a*x + y for a million floats and checks the result.
#include "saxpy.h"

#include <cmath>
#include <vector>

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = a * x[i] + y[i];
  }
}

int main() {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  std::vector<float> x(n, 1.0f), y(n, 2.0f);

  float *d_x = nullptr, *d_y = nullptr;
  CHECK(cudaMalloc(&d_x, bytes));
  CHECK(cudaMalloc(&d_y, bytes));
  CHECK(cudaMemcpy(d_x, x.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_y, y.data(), bytes, cudaMemcpyHostToDevice));

  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  saxpy<<<blocks, threads>>>(n, 3.0f, d_x, d_y);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(y.data(), d_y, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));

  float worst = 0.0f;
  for (float value : y) {
    worst = std::fmax(worst, std::fabs(value - 5.0f));
  }
  std::printf("max error: %g\n", worst);
  return worst == 0.0f ? 0 : 1;
}
