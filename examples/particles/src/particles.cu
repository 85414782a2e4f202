#include "particles/particles.cuh"

#include <curand.h>
#include <vector>
#include <cmath>

#include "common/check.cuh"
#include "common/kernels.cuh"

cudaError_t particles_create(Particles* particles, int count, unsigned long long seed) {
    particles->count = count;
    CHECK_CUDA(cudaMalloc(&particles->position, count * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&particles->velocity, count * sizeof(float)));
    curandGenerator_t generator;
    if (curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS) {
        return cudaErrorUnknown;
    }
    curandSetPseudoRandomGeneratorSeed(generator, seed);
    curandGenerateUniform(generator, particles->position, count);
    curandGenerateNormal(generator, particles->velocity, count, 0.0f, 1.0f);
    curandDestroyGenerator(generator);
    return cudaDeviceSynchronize();
}

cudaError_t particles_step(Particles* particles, float dt) {
    const int threads = 256;
    const int blocks = (particles->count + threads - 1) / threads;
    advance<<<blocks, threads>>>(particles->position, particles->velocity, dt, particles->count);
    CHECK_CUDA(cudaGetLastError());
    return cudaDeviceSynchronize();
}

cudaError_t particles_norm1(const Particles* particles, float* result) {
    std::vector<float> host(particles->count);
    CHECK_CUDA(cudaMemcpy(host.data(), particles->position, particles->count * sizeof(float),
                          cudaMemcpyDeviceToHost));
    float sum = 0.0f;
    for (float value : host) {
        sum += std::fabs(value);
    }
    *result = sum;
    return cudaSuccess;
}

void particles_destroy(Particles* particles) {
    cudaFree(particles->position);
    cudaFree(particles->velocity);
    particles->count = 0;
}
