// Second-order 2D diffusion with a 5-point stencil. The halo is loaded into a
// shared tile; the coefficients sit in constant memory.
#include <cstdio>
#include <cstring>
#include <vector>

#include "../util/cuda_utils.cuh"

#define RADIUS 1
#define BDIMX 32
#define BDIMY 16

__constant__ float coef[RADIUS + 1];

__global__ void stencil_2d(const float *__restrict__ in, float *__restrict__ out, int nx, int ny) {
  __shared__ float tile[BDIMY + 2 * RADIUS][BDIMX + 2 * RADIUS];
  int gx = blockIdx.x * blockDim.x + threadIdx.x;
  int gy = blockIdx.y * blockDim.y + threadIdx.y;
  int lx = threadIdx.x + RADIUS;
  int ly = threadIdx.y + RADIUS;
  bool inside = gx < nx && gy < ny;

  if (inside) tile[ly][lx] = __ldg(&in[idx2d(gx, gy, nx)]);
  if (threadIdx.x < RADIUS) {
    tile[ly][lx - RADIUS] = (gx >= RADIUS && gy < ny) ? in[idx2d(gx - RADIUS, gy, nx)] : 0.0f;
    tile[ly][lx + BDIMX] = (gx + BDIMX < nx && gy < ny) ? in[idx2d(gx + BDIMX, gy, nx)] : 0.0f;
  }
  if (threadIdx.y < RADIUS) {
    tile[ly - RADIUS][lx] = (gy >= RADIUS && gx < nx) ? in[idx2d(gx, gy - RADIUS, nx)] : 0.0f;
    tile[ly + BDIMY][lx] = (gy + BDIMY < ny && gx < nx) ? in[idx2d(gx, gy + BDIMY, nx)] : 0.0f;
  }
  __syncthreads();

  if (inside && gx > 0 && gy > 0 && gx < nx - 1 && gy < ny - 1) {
    float lap = tile[ly][lx - 1] + tile[ly][lx + 1] + tile[ly - 1][lx] + tile[ly + 1][lx];
    out[idx2d(gx, gy, nx)] = coef[0] * tile[ly][lx] + coef[1] * lap;
  }
}

int main() {
  const int nx = 1024, ny = 1024, steps = 100;
  const float alpha = 0.1f;
  float h_coef[RADIUS + 1] = {1.0f - 4.0f * alpha, alpha};
  cudaMemcpyToSymbol(coef, h_coef, sizeof(h_coef));
  cudaCheckErrors("copy coefficients");

  std::vector<float> h(nx * ny, 0.0f);
  h[idx2d(nx / 2, ny / 2, nx)] = 1000.0f;
  float *d_a, *d_b;
  size_t pitchBytes = nx * sizeof(float);
  cudaMalloc(&d_a, pitchBytes * ny);
  cudaMalloc(&d_b, pitchBytes * ny);
  cudaCheckErrors("cudaMalloc failure");
  cudaMemcpy(d_a, h.data(), pitchBytes * ny, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, d_a, pitchBytes * ny, cudaMemcpyDeviceToDevice);

  dim3 block(BDIMX, BDIMY);
  dim3 grid((nx + BDIMX - 1) / BDIMX, (ny + BDIMY - 1) / BDIMY);
  for (int s = 0; s < steps; s++) {
    stencil_2d<<<grid, block>>>(d_a, d_b, nx, ny);
    std::swap(d_a, d_b);
  }
  cudaDeviceSynchronize();
  cudaCheckErrors("stencil kernel");
  cudaMemcpy(h.data(), d_a, pitchBytes * ny, cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (float v : h) total += v;
  printf("heat total after %d steps: %.3f\n", steps, total);
  cudaFree(d_a);
  cudaFree(d_b);
  return 0;
}
