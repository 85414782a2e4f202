// Rotates an image by sampling a texture object, then writes a gradient
// through a surface object bound to a second CUDA array.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "helper_cuda.h"

#define MAX_EPSILON_ERROR 5e-3f

__global__ void transformKernel(float *outputData, int width, int height, float theta,
                                cudaTextureObject_t tex) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;

  float u = (float)x - (float)width / 2;
  float v = (float)y - (float)height / 2;
  float tu = u * cosf(theta) - v * sinf(theta);
  float tv = v * cosf(theta) + u * sinf(theta);
  tu /= (float)width;
  tv /= (float)height;

  // read from texture and write to global memory
  outputData[y * width + x] = tex2D<float>(tex, tu + 0.5f, tv + 0.5f);
}

__global__ void gradientKernel(cudaSurfaceObject_t surf, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    uchar4 px = make_uchar4(x & 0xff, y & 0xff, (x + y) & 0xff, 255);
    surf2Dwrite(px, surf, x * sizeof(uchar4), y);
  }
}

int main(int argc, char **argv) {
  int devID = findCudaDevice(argc, (const char **)argv);
  (void)devID;
  const unsigned int width = 512, height = 512;
  const float angle = 0.5f;  // angle to rotate image by (in radians)
  unsigned int size = width * height * sizeof(float);

  std::vector<float> hData(width * height);
  for (unsigned int i = 0; i < width * height; i++) {
    hData[i] = (float)((i * 7) % 255) / 255.0f;
  }

  float *dData = NULL;
  checkCudaErrors(cudaMalloc((void **)&dData, size));

  cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray *cuArray;
  checkCudaErrors(cudaMallocArray(&cuArray, &channelDesc, width, height));
  checkCudaErrors(cudaMemcpy2DToArray(cuArray, 0, 0, hData.data(), width * sizeof(float),
                                      width * sizeof(float), height, cudaMemcpyHostToDevice));

  cudaTextureObject_t tex;
  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));
  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = cuArray;

  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));
  texDescr.normalizedCoords = true;
  texDescr.filterMode = cudaFilterModeLinear;
  texDescr.addressMode[0] = cudaAddressModeWrap;
  texDescr.addressMode[1] = cudaAddressModeWrap;
  texDescr.readMode = cudaReadModeElementType;
  checkCudaErrors(cudaCreateTextureObject(&tex, &texRes, &texDescr, NULL));

  dim3 dimBlock(8, 8, 1);
  dim3 dimGrid(width / dimBlock.x, height / dimBlock.y, 1);
  transformKernel<<<dimGrid, dimBlock, 0>>>(dData, width, height, angle, tex);
  getLastCudaError("Kernel execution failed");
  checkCudaErrors(cudaDeviceSynchronize());

  std::vector<float> hOutputData(width * height);
  checkCudaErrors(cudaMemcpy(hOutputData.data(), dData, size, cudaMemcpyDeviceToHost));
  double sum = 0.0;
  for (float value : hOutputData) sum += value;
  printf("checksum %.4f\n", sum);

  // Surface: a 2D array of uchar4 written by the kernel.
  cudaChannelFormatDesc rgbaDesc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t surfArray;
  checkCudaErrors(cudaMallocArray(&surfArray, &rgbaDesc, width, height, cudaArraySurfaceLoadStore));
  cudaResourceDesc surfRes = {};
  surfRes.resType = cudaResourceTypeArray;
  surfRes.res.array.array = surfArray;
  cudaSurfaceObject_t surf = 0;
  checkCudaErrors(cudaCreateSurfaceObject(&surf, &surfRes));
  gradientKernel<<<dimGrid, dimBlock>>>(surf, width, height);
  getLastCudaError("gradientKernel failed");
  std::vector<uchar4> pixels(width * height);
  checkCudaErrors(cudaMemcpy2DFromArray(pixels.data(), width * sizeof(uchar4), surfArray, 0, 0,
                                        width * sizeof(uchar4), height, cudaMemcpyDeviceToHost));
  printf("pixel(3,5) = %d %d %d\n", pixels[5 * width + 3].x, pixels[5 * width + 3].y, pixels[5 * width + 3].z);

  checkCudaErrors(cudaDestroySurfaceObject(surf));
  checkCudaErrors(cudaDestroyTextureObject(tex));
  checkCudaErrors(cudaFree(dData));
  checkCudaErrors(cudaFreeArray(cuArray));
  checkCudaErrors(cudaFreeArray(surfArray));
  return EXIT_SUCCESS;
}
