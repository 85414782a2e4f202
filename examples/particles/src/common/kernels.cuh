#pragma once

__global__ void advance(float* position, const float* velocity, float dt, int count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        position[i] += velocity[i] * dt;
    }
}
