// Fills device buffers with the cuRAND host API and checks the moments of
// the uniform and normal distributions on the GPU.
#include <curand.h>

#include <cmath>
#include <cstdio>

#include "../util/cuda_utils.cuh"

#define CURAND_CALL(x)                                \
  do {                                                \
    if ((x) != CURAND_STATUS_SUCCESS) {               \
      printf("Error at %s:%d\n", __FILE__, __LINE__); \
      return EXIT_FAILURE;                            \
    }                                                 \
  } while (0)

__global__ void moments(const float *x, size_t n, double *out) {
  double s = 0.0, s2 = 0.0;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    s += x[i];
    s2 += (double)x[i] * x[i];
  }
  atomicAdd(&out[0], s);
  atomicAdd(&out[1], s2);
}

int main() {
  size_t n = 1 << 24;
  curandGenerator_t gen;
  float *devData;
  double *devMoments, hostMoments[2];
  cudaStream_t stream;

  gpuErrchk(cudaStreamCreate(&stream));
  gpuErrchk(cudaMalloc((void **)&devData, n * sizeof(float)));
  gpuErrchk(cudaMalloc((void **)&devMoments, 2 * sizeof(double)));

  CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  CURAND_CALL(curandSetStream(gen, stream));

  CURAND_CALL(curandGenerateUniform(gen, devData, n));
  gpuErrchk(cudaMemsetAsync(devMoments, 0, 2 * sizeof(double), stream));
  moments<<<256, 256, 0, stream>>>(devData, n, devMoments);
  gpuErrchk(cudaMemcpyAsync(hostMoments, devMoments, sizeof(hostMoments), cudaMemcpyDeviceToHost, stream));
  gpuErrchk(cudaStreamSynchronize(stream));
  printf("uniform: mean %.4f (0.5)\n", hostMoments[0] / n);

  CURAND_CALL(curandGenerateNormal(gen, devData, n, 0.0f, 2.0f));
  gpuErrchk(cudaMemsetAsync(devMoments, 0, 2 * sizeof(double), stream));
  moments<<<256, 256, 0, stream>>>(devData, n, devMoments);
  gpuErrchk(cudaMemcpyAsync(hostMoments, devMoments, sizeof(hostMoments), cudaMemcpyDeviceToHost, stream));
  gpuErrchk(cudaStreamSynchronize(stream));
  double mean = hostMoments[0] / n;
  printf("normal: mean %.4f, stddev %.4f (2.0)\n", mean, sqrt(hostMoments[1] / n - mean * mean));

  curandGenerator_t qrng;
  CURAND_CALL(curandCreateGenerator(&qrng, CURAND_RNG_QUASI_SOBOL32));
  CURAND_CALL(curandSetQuasiRandomGeneratorDimensions(qrng, 2));
  CURAND_CALL(curandGenerateUniform(qrng, devData, 2 * 4096));
  CURAND_CALL(curandDestroyGenerator(qrng));

  CURAND_CALL(curandDestroyGenerator(gen));
  gpuErrchk(cudaFree(devData));
  gpuErrchk(cudaFree(devMoments));
  gpuErrchk(cudaStreamDestroy(stream));
  return EXIT_SUCCESS;
}
