// check: hipcc
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

__global__ void setup(hiprandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprand_init(seed, id, 0, &states[id]);
}

__global__ void sample(hiprandState *states, float *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  hiprandState local = states[id];
  float u = hiprand_uniform(&local);
  float g = hiprand_normal(&local);
  unsigned int bits = hiprand(&local);
  out[id] = u + g + static_cast<float>(bits & 1u);
  states[id] = local;
}

int host_generate(float *device_out, size_t n) {
  hiprandGenerator_t generator;
  hiprandStatus_t status = hiprandCreateGenerator(&generator, HIPRAND_RNG_PSEUDO_DEFAULT);
  if (status != HIPRAND_STATUS_SUCCESS) return 1;
  hiprandSetPseudoRandomGeneratorSeed(generator, 1234ULL);
  hiprandGenerateUniform(generator, device_out, n);
  hiprandGenerateNormal(generator, device_out, n, 0.0f, 1.0f);
  hiprandDestroyGenerator(generator);
  return 0;
}
