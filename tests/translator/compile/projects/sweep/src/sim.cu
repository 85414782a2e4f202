#include <vector>
#include "sweep.h"

int main() {
  const int n = 4096;
  std::vector<Particle> host(n, Particle{0.5f, 0.5f, 0.01f, -0.02f});
  Particle *device = nullptr;
  SWEEP_CHECK(cudaMalloc(&device, n * sizeof(Particle)));
  SWEEP_CHECK(cudaMemcpy(device, host.data(), n * sizeof(Particle), cudaMemcpyHostToDevice));
  for (int step = 0; step < 100; ++step) advance(device, n, 0.01f);
  SWEEP_CHECK(cudaDeviceSynchronize());
  SWEEP_CHECK(cudaFree(device));
  return 0;
}
