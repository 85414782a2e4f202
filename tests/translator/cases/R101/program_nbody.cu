// check: nvcc hipcc
// All-pairs gravitational forces with cooperative groups tiles, a templated kernel over
// the body count per tile, and velocity integration.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

struct Body {
  float4 position;  // xyz and mass
  float4 velocity;
};

template <int TILE>
__global__ void forces(Body *bodies, int count, float dt, float softening) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float4 tile[TILE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 me = i < count ? bodies[i].position : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float3 acceleration = make_float3(0.0f, 0.0f, 0.0f);
  for (int base = 0; base < count; base += TILE) {
    const int j = base + threadIdx.x;
    tile[threadIdx.x] = j < count ? bodies[j].position : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    block.sync();
#pragma unroll 4
    for (int k = 0; k < TILE; ++k) {
      const float dx = tile[k].x - me.x, dy = tile[k].y - me.y, dz = tile[k].z - me.z;
      const float inverse = rsqrtf(dx * dx + dy * dy + dz * dz + softening);
      const float strength = tile[k].w * inverse * inverse * inverse;
      acceleration.x += dx * strength;
      acceleration.y += dy * strength;
      acceleration.z += dz * strength;
    }
    block.sync();
  }
  if (i < count) {
    bodies[i].velocity.x += acceleration.x * dt;
    bodies[i].velocity.y += acceleration.y * dt;
    bodies[i].velocity.z += acceleration.z * dt;
  }
}

__global__ void integrate(Body *bodies, int count, float dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  bodies[i].position.x += bodies[i].velocity.x * dt;
  bodies[i].position.y += bodies[i].velocity.y * dt;
  bodies[i].position.z += bodies[i].velocity.z * dt;
}

int main() {
  constexpr int kTile = 128;
  const int count = 16 * kTile;
  std::vector<Body> host(count);
  for (int i = 0; i < count; ++i) {
    const float angle = 0.01f * i;
    host[i].position = make_float4(std::cos(angle), std::sin(angle), 0.001f * i, 1.0f);
    host[i].velocity = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  }
  Body *bodies = nullptr;
  if (cudaMalloc(&bodies, count * sizeof(Body)) != cudaSuccess) return 1;
  cudaMemcpy(bodies, host.data(), count * sizeof(Body), cudaMemcpyHostToDevice);
  const int blocks = (count + kTile - 1) / kTile;
  for (int step = 0; step < 10; ++step) {
    forces<kTile><<<blocks, kTile>>>(bodies, count, 0.01f, 1e-3f);
    integrate<<<blocks, kTile>>>(bodies, count, 0.01f);
  }
  cudaError_t status = cudaDeviceSynchronize();
  cudaMemcpy(host.data(), bodies, count * sizeof(Body), cudaMemcpyDeviceToHost);
  cudaFree(bodies);
  std::printf("%s; first body at (%.3f, %.3f, %.3f)\n", cudaGetErrorString(status),
              host[0].position.x, host[0].position.y, host[0].position.z);
  return status == cudaSuccess ? 0 : 1;
}
