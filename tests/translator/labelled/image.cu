// Image kernels: 2D indexing, constant rounding, single-thread setup kernels.
#include <cuda_runtime.h>

#define BLOCK_W 16
#define BLOCK_H 16

__global__ void invert(unsigned char *img, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  img[y * width + x] = 255 - img[y * width + x];  // hazard: unguarded-index
}

__global__ void blur(const float *in, float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= width - 1 || y >= height - 1) return;
  out[y * width + x] = 0.25f * (in[y * width + x - 1] + in[y * width + x + 1] +
                                in[(y - 1) * width + x] + in[(y + 1) * width + x]);
}

__global__ void setup(int *flag) { *flag = 1; }

__global__ void rowSums(const float *in, float *sums, int width) {
  int row = blockIdx.x;
  float s = 0.0f;
  for (int c = threadIdx.x; c < width; c += blockDim.x) s += in[row * width + c];
  atomicAdd(&sums[row], s);
}

void run(unsigned char *img, const float *in, float *out, float *sums, int *flag, int w, int h) {
  dim3 block(BLOCK_W, BLOCK_H);
  dim3 grid((w + BLOCK_W - 1) / BLOCK_W, (h + BLOCK_H - 1) / BLOCK_H);
  invert<<<grid, block>>>(img, w, h);
  blur<<<grid, block>>>(in, out, w, h);
  setup<<<1, 1>>>(flag);
  rowSums<<<h, 100>>>(in, sums, w);  // hazard: block-size
}
