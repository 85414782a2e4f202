// An image-smoothing pipeline captured once into a CUDA graph and replayed: a 2-D
// texture object (linear filtering, clamped addressing) reads the image, a box blur
// with a templated radius writes it, events time the replays on a non-blocking stream.
#include <cstdio>
#include <vector>

#include "solvers/check.cuh"

template <int RADIUS>
__global__ void box_blur(cudaTextureObject_t image, float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float sum = 0.0f;
#pragma unroll
  for (int dy = -RADIUS; dy <= RADIUS; ++dy) {
#pragma unroll
    for (int dx = -RADIUS; dx <= RADIUS; ++dx) {
      sum += tex2D<float>(image, x + dx + 0.5f, y + dy + 0.5f);
    }
  }
  out[y * width + x] = sum / ((2 * RADIUS + 1) * (2 * RADIUS + 1));
}

__global__ void threshold(float *img, int count, float level) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) img[i] = img[i] > level ? 1.0f : 0.0f;
}

int main() {
  const int width = 1920, height = 1080, count = width * height;
  std::vector<float> host(count);
  for (int i = 0; i < count; ++i) host[i] = float((i * 37) % 255) / 255.0f;

  cudaChannelFormatDesc channel = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  SOLV_CHECK(cudaMallocArray(&array, &channel, width, height));
  SOLV_CHECK(cudaMemcpy2DToArray(array, 0, 0, host.data(), width * sizeof(float),
                                 width * sizeof(float), height, cudaMemcpyHostToDevice));

  cudaResourceDesc resource = {};
  resource.resType = cudaResourceTypeArray;
  resource.res.array.array = array;
  cudaTextureDesc texture = {};
  texture.addressMode[0] = cudaAddressModeClamp;
  texture.addressMode[1] = cudaAddressModeClamp;
  texture.filterMode = cudaFilterModeLinear;
  texture.readMode = cudaReadModeElementType;
  texture.normalizedCoords = 0;
  cudaTextureObject_t image = 0;
  SOLV_CHECK(cudaCreateTextureObject(&image, &resource, &texture, nullptr));

  float *out, *pinned;
  SOLV_CHECK(cudaMalloc(&out, count * sizeof(float)));
  SOLV_CHECK(cudaMallocHost(&pinned, count * sizeof(float)));

  cudaStream_t stream;
  SOLV_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  dim3 block(16, 16);
  dim3 grid(solvers::div_up(width, 16), solvers::div_up(height, 16));

  cudaGraph_t graph;
  cudaGraphExec_t exec;
  SOLV_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  box_blur<2><<<grid, block, 0, stream>>>(image, out, width, height);
  threshold<<<solvers::div_up(count, 256), 256, 0, stream>>>(out, count, 0.5f);
  SOLV_CHECK(cudaMemcpyAsync(pinned, out, count * sizeof(float), cudaMemcpyDeviceToHost,
                             stream));
  SOLV_CHECK(cudaStreamEndCapture(stream, &graph));
  size_t nodes = 0;
  SOLV_CHECK(cudaGraphGetNodes(graph, nullptr, &nodes));
  SOLV_CHECK(cudaGraphInstantiate(&exec, graph, 0));

  cudaEvent_t start, stop;
  SOLV_CHECK(cudaEventCreate(&start));
  SOLV_CHECK(cudaEventCreate(&stop));
  SOLV_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < 20; ++i) {
    SOLV_CHECK(cudaGraphLaunch(exec, stream));
  }
  SOLV_CHECK(cudaEventRecord(stop, stream));
  SOLV_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  SOLV_CHECK(cudaEventElapsedTime(&ms, start, stop));

  size_t on = 0;
  for (int i = 0; i < count; ++i) on += pinned[i] > 0.0f;
  std::printf("graph of %zu nodes: %.3f ms per replay, %zu pixels above threshold\n", nodes,
              ms / 20, on);

  SOLV_CHECK(cudaEventDestroy(start));
  SOLV_CHECK(cudaEventDestroy(stop));
  SOLV_CHECK(cudaGraphExecDestroy(exec));
  SOLV_CHECK(cudaGraphDestroy(graph));
  SOLV_CHECK(cudaStreamDestroy(stream));
  SOLV_CHECK(cudaDestroyTextureObject(image));
  SOLV_CHECK(cudaFreeArray(array));
  SOLV_CHECK(cudaFreeHost(pinned));
  SOLV_CHECK(cudaFree(out));
  return 0;
}
