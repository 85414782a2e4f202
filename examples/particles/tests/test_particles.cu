// Checks one step against the same computation on the host.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "particles/particles.cuh"

int main() {
    const int count = 1000;
    Particles particles;
    if (particles_create(&particles, count, 42ULL) != cudaSuccess) {
        std::printf("SKIP no GPU\n");
        return 0;
    }
    std::vector<float> position(count), velocity(count);
    cudaMemcpy(position.data(), particles.position, count * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(velocity.data(), particles.velocity, count * sizeof(float), cudaMemcpyDeviceToHost);
    particles_step(&particles, 0.5f);
    std::vector<float> moved(count);
    cudaMemcpy(moved.data(), particles.position, count * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < count; ++i) {
        if (std::fabs(moved[i] - (position[i] + 0.5f * velocity[i])) > 1e-5f) {
            std::printf("FAIL at %d\n", i);
            return 1;
        }
    }
    particles_destroy(&particles);
    std::printf("PASS\n");
    return 0;
}
