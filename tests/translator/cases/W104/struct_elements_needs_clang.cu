#include <cuda_runtime.h>

struct Particle { float x, y, z, mass; };

void upload(const Particle *host) {
  const int count = 1000;
  Particle *device;
  cudaMalloc(&device, count * sizeof(Particle));
  cudaMemcpy(device, host, count, cudaMemcpyHostToDevice);
}
