// Unified memory: a managed particle array updated by the GPU and read by
// the CPU, with prefetching and advice, and a __managed__ global counter.
#include <cstdio>

#include "../util/cuda_utils.cuh"

__managed__ int steps_done = 0;

struct Particle {
  float x, y, vx, vy;
};

__global__ void advance(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x += p[i].vx * dt;
    p[i].y += p[i].vy * dt;
    if (p[i].x < 0.0f || p[i].x > 1.0f) p[i].vx = -p[i].vx;
    if (p[i].y < 0.0f || p[i].y > 1.0f) p[i].vy = -p[i].vy;
  }
  if (i == 0) steps_done++;
}

int main() {
  const int n = 1 << 20;
  int device = 0;
  gpuErrchk(cudaGetDevice(&device));
  int concurrentManaged = 0;
  gpuErrchk(cudaDeviceGetAttribute(&concurrentManaged, cudaDevAttrConcurrentManagedAccess, device));

  Particle *particles;
  gpuErrchk(cudaMallocManaged(&particles, n * sizeof(Particle)));
  for (int i = 0; i < n; i++) {
    particles[i] = {(i % 1000) / 1000.0f, (i / 1000 % 1000) / 1000.0f, 0.01f, -0.02f};
  }

  if (concurrentManaged) {
#if CUDART_VERSION >= 13000
    // CUDA 13 takes a location where older toolkits took a device number.
    cudaMemLocation gpu_loc = {};
    gpu_loc.type = cudaMemLocationTypeDevice;
    gpu_loc.id = device;
    gpuErrchk(cudaMemAdvise(particles, n * sizeof(Particle), cudaMemAdviseSetPreferredLocation, gpu_loc));
    gpuErrchk(cudaMemPrefetchAsync(particles, n * sizeof(Particle), gpu_loc, 0, 0));
#else
    gpuErrchk(cudaMemAdvise(particles, n * sizeof(Particle), cudaMemAdviseSetPreferredLocation, device));
    gpuErrchk(cudaMemPrefetchAsync(particles, n * sizeof(Particle), device, 0));
#endif
  }
  for (int s = 0; s < 100; s++) {
    advance<<<(n + 255) / 256, 256>>>(particles, n, 0.001f);
  }
  cudaCheckErrors("advance");
  if (concurrentManaged) {
#if CUDART_VERSION >= 13000
    cudaMemLocation cpu_loc = {};
    cpu_loc.type = cudaMemLocationTypeHost;
    gpuErrchk(cudaMemPrefetchAsync(particles, n * sizeof(Particle), cpu_loc, 0, 0));
#else
    gpuErrchk(cudaMemPrefetchAsync(particles, n * sizeof(Particle), cudaCpuDeviceId, 0));
#endif
  }
  gpuErrchk(cudaDeviceSynchronize());

  double cx = 0.0;
  for (int i = 0; i < n; i++) cx += particles[i].x;
  printf("%d steps, centre x %.4f\n", steps_done, cx / n);
  gpuErrchk(cudaFree(particles));
  return steps_done == 100 ? 0 : 1;
}
