// Public interface of the particles library.
#pragma once
#include <cuda_runtime.h>

struct Particles {
    int count;
    float* position;  // device memory, count values
    float* velocity;  // device memory, count values
};

// Allocates the particles and draws random positions and velocities with cuRAND.
cudaError_t particles_create(Particles* particles, int count, unsigned long long seed);
// Moves every particle by velocity * dt on the GPU.
cudaError_t particles_step(Particles* particles, float dt);
// Sum of the absolute positions of all particles (reduced on the host).
cudaError_t particles_norm1(const Particles* particles, float* result);
void particles_destroy(Particles* particles);
