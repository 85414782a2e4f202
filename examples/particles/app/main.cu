#include <cstdio>

#include "particles/particles.cuh"

int main(int argc, char** argv) {
    int count = argc > 1 ? std::atoi(argv[1]) : 1 << 16;
    Particles particles;
    if (particles_create(&particles, count, 1234ULL) != cudaSuccess) {
        std::fprintf(stderr, "cannot create particles\n");
        return 1;
    }
    for (int step = 0; step < 10; ++step) {
        particles_step(&particles, 0.01f);
    }
    float norm = 0.0f;
    particles_norm1(&particles, &norm);
    std::printf("particles=%d norm1=%f\n", count, norm);
    particles_destroy(&particles);
    return 0;
}
