#include "sweep.h"

__global__ void advance_kernel(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  p[i].x += p[i].vx * dt;
  p[i].y += p[i].vy * dt;
  if (p[i].x < 0.0f || p[i].x > 1.0f) p[i].vx = -p[i].vx;
  if (p[i].y < 0.0f || p[i].y > 1.0f) p[i].vy = -p[i].vy;
}

void advance(Particle *device_particles, int n, float dt) {
  advance_kernel<<<(n + 127) / 128, 128>>>(device_particles, n, dt);
  SWEEP_CHECK(cudaGetLastError());
}
