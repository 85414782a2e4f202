// check: nvcc hipcc
// Heat diffusion on a 2-D grid: a five-point stencil with shared-memory tiles, the
// coefficients in constant memory, pinned host buffers and two streams that overlap
// copies of the two halves of the grid.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#define CUDA_TRY(expression)                                                    \
  if (hipError_t error = (expression)) {                                       \
    std::printf("CUDA error %d (%s) at line %d\n", static_cast<int>(error),     \
                hipGetErrorName(error), __LINE__);                             \
    return 1;                                                                   \
  }

namespace {

constexpr int kTile = 16;
__constant__ float c_weights[5];  // centre, north, south, west, east

__global__ void diffuse(const float *in, float *out, int width, int height) {
  __shared__ float tile[kTile + 2][kTile + 2];
  const int x = blockIdx.x * kTile + threadIdx.x;
  const int y = blockIdx.y * kTile + threadIdx.y;
  const int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  auto at = [&](int i, int j) {
    i = min(max(i, 0), width - 1);
    j = min(max(j, 0), height - 1);
    return in[j * width + i];
  };
  tile[ty][tx] = at(x, y);
  if (threadIdx.x == 0) tile[ty][0] = at(x - 1, y);
  if (threadIdx.x == kTile - 1) tile[ty][kTile + 1] = at(x + 1, y);
  if (threadIdx.y == 0) tile[0][tx] = at(x, y - 1);
  if (threadIdx.y == kTile - 1) tile[kTile + 1][tx] = at(x, y + 1);
  __syncthreads();
  if (x < width && y < height) {
    out[y * width + x] = c_weights[0] * tile[ty][tx] + c_weights[1] * tile[ty - 1][tx] +
                         c_weights[2] * tile[ty + 1][tx] + c_weights[3] * tile[ty][tx - 1] +
                         c_weights[4] * tile[ty][tx + 1];
  }
}

}  // namespace

int main() {
  const int width = 1024, height = 1024, steps = 100;
  const size_t cells = static_cast<size_t>(width) * height;
  const float weights[5] = {0.6f, 0.1f, 0.1f, 0.1f, 0.1f};
  CUDA_TRY(hipMemcpyToSymbol(HIP_SYMBOL(c_weights), weights, sizeof(weights)));

  float *host = nullptr;
  CUDA_TRY(hipHostMalloc(&host, cells * sizeof(float), hipHostMallocDefault));
  std::fill(host, host + cells, 0.0f);
  host[cells / 2 + width / 2] = 1000.0f;

  float *grid[2];
  for (float *&buffer : grid) CUDA_TRY(hipMalloc(&buffer, cells * sizeof(float)));
  hipStream_t streams[2];
  for (hipStream_t &stream : streams) CUDA_TRY(hipStreamCreate(&stream));
  const size_t half = cells / 2;
  for (int s = 0; s < 2; ++s) {
    CUDA_TRY(hipMemcpyAsync(grid[0] + s * half, host + s * half, half * sizeof(float),
                             hipMemcpyHostToDevice, streams[s]));
  }
  CUDA_TRY(hipDeviceSynchronize());

  const dim3 block(kTile, kTile);
  const dim3 blocks((width + kTile - 1) / kTile, (height + kTile - 1) / kTile);
  for (int step = 0; step < steps; ++step) {
    diffuse<<<blocks, block, 0, streams[0]>>>(grid[step % 2], grid[(step + 1) % 2], width,
                                               height);
  }
  CUDA_TRY(hipStreamSynchronize(streams[0]));
  CUDA_TRY(hipMemcpy(host, grid[steps % 2], cells * sizeof(float), hipMemcpyDeviceToHost));

  double heat = 0.0;
  for (size_t i = 0; i < cells; ++i) heat += host[i];
  std::printf("total heat after %d steps: %.3f\n", steps, heat);

  for (hipStream_t stream : streams) CUDA_TRY(hipStreamDestroy(stream));
  for (float *buffer : grid) CUDA_TRY(hipFree(buffer));
  CUDA_TRY(hipHostFree(host));
  return std::fabs(heat - 1000.0) < 1.0 ? 0 : 1;
}
