// check: hipcc
#include <curand.h>
#include <curand_kernel.h>

__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void sample(curandState *states, float *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  curandState local = states[id];
  float u = curand_uniform(&local);
  float g = curand_normal(&local);
  unsigned int bits = curand(&local);
  out[id] = u + g + static_cast<float>(bits & 1u);
  states[id] = local;
}

int host_generate(float *device_out, size_t n) {
  curandGenerator_t generator;
  curandStatus_t status = curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_DEFAULT);
  if (status != CURAND_STATUS_SUCCESS) return 1;
  curandSetPseudoRandomGeneratorSeed(generator, 1234ULL);
  curandGenerateUniform(generator, device_out, n);
  curandGenerateNormal(generator, device_out, n, 0.0f, 1.0f);
  curandDestroyGenerator(generator);
  return 0;
}
