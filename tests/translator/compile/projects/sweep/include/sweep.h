#pragma once
#include <cstdio>
#include <cuda_runtime.h>

#define SWEEP_CHECK(call)                                                         \
  do {                                                                            \
    cudaError_t err_ = (call);                                                    \
    if (err_ != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__,  \
                  __LINE__);                                                      \
    }                                                                             \
  } while (0)

struct Particle {
  float x, y, vx, vy;
};

void advance(Particle *device_particles, int n, float dt);
