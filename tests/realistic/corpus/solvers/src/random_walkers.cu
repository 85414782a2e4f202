// Brownian walkers in a box: start positions come from the cuRAND host API, each
// step's kicks from per-thread Philox states (device API). The farthest distance is
// kept with an atomicCAS loop on a float, the walkers' energy with atomicAdd.
#include <curand.h>
#include <curand_kernel.h>

#include <cstdio>

#include "solvers/check.cuh"

#define CURAND_OK(expr)                                                               \
  do {                                                                                \
    curandStatus_t status_ = (expr);                                                  \
    if (status_ != CURAND_STATUS_SUCCESS) {                                           \
      std::fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__, __LINE__, #expr,       \
                   (int)status_);                                                     \
      std::exit(EXIT_FAILURE);                                                        \
    }                                                                                 \
  } while (0)

__device__ float atomic_max_float(float *address, float value) {
  int *as_int = reinterpret_cast<int *>(address);
  int old = *as_int, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value) break;
    old = atomicCAS(as_int, assumed, __float_as_int(value));
  } while (assumed != old);
  return __int_as_float(old);
}

__global__ void setup_states(curandStatePhilox4_32_10_t *states, unsigned long long seed,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) curand_init(seed, i, 0, &states[i]);
}

__global__ void walk(curandStatePhilox4_32_10_t *states, float2 *pos, int n, int steps,
                     float sigma, float box, float *farthest, double *energy) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandStatePhilox4_32_10_t local = states[i];
  float2 p = pos[i];
  float kinetic = 0.0f;
  for (int s = 0; s < steps; ++s) {
    float2 kick = curand_normal2(&local);
    kick.x *= sigma;
    kick.y *= sigma;
    p.x = fminf(fmaxf(p.x + kick.x, 0.0f), box);
    p.y = fminf(fmaxf(p.y + kick.y, 0.0f), box);
    kinetic += 0.5f * (kick.x * kick.x + kick.y * kick.y);
    if (curand_uniform(&local) < 0.001f) {  // rare teleport back to the centre
      p = make_float2(0.5f * box, 0.5f * box);
    }
  }
  states[i] = local;
  pos[i] = p;
  atomic_max_float(farthest, sqrtf(p.x * p.x + p.y * p.y));
  atomicAdd(energy, (double)kinetic);
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  const int threads = 128, steps = 100;
  const float box = 100.0f;

  float2 *pos;
  curandStatePhilox4_32_10_t *states;
  float *farthest;
  double *energy;
  SOLV_CHECK(cudaMalloc(&pos, n * sizeof(float2)));
  SOLV_CHECK(cudaMalloc(&states, n * sizeof(*states)));
  SOLV_CHECK(cudaMalloc(&farthest, sizeof(float)));
  SOLV_CHECK(cudaMalloc(&energy, sizeof(double)));
  SOLV_CHECK(cudaMemset(farthest, 0, sizeof(float)));
  SOLV_CHECK(cudaMemset(energy, 0, sizeof(double)));

  curandGenerator_t gen;
  CURAND_OK(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_MRG32K3A));
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(gen, 2024ULL));
  CURAND_OK(curandGenerateUniform(gen, reinterpret_cast<float *>(pos), 2 * (size_t)n));

  int blocks = solvers::div_up(n, threads);
  setup_states<<<blocks, threads>>>(states, 7ULL, n);
  walk<<<blocks, threads>>>(states, pos, n, steps, 0.1f, box, farthest, energy);
  SOLV_LAUNCH_CHECK();

  float far_host;
  double energy_host;
  SOLV_CHECK(cudaMemcpy(&far_host, farthest, sizeof(float), cudaMemcpyDeviceToHost));
  SOLV_CHECK(cudaMemcpy(&energy_host, energy, sizeof(double), cudaMemcpyDeviceToHost));
  std::printf("%d walkers: farthest %.3f, mean energy per step %.5f\n", n, far_host,
              energy_host / ((double)n * steps));

  CURAND_OK(curandDestroyGenerator(gen));
  SOLV_CHECK(cudaFree(pos));
  SOLV_CHECK(cudaFree(states));
  SOLV_CHECK(cudaFree(farthest));
  SOLV_CHECK(cudaFree(energy));
  return 0;
}
