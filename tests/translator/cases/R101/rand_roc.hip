// check: hipcc
#include <hip/hip_runtime.h>
#include <rocrand/rocrand.h>
#include <rocrand/rocrand_kernel.h>

__global__ void setup(rocrand_state_xorwow *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_init(seed, id, 0, &states[id]);
}

__global__ void sample(rocrand_state_xorwow *states, float *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  rocrand_state_xorwow local = states[id];
  float u = rocrand_uniform(&local);
  float g = rocrand_normal(&local);
  unsigned int bits = rocrand(&local);
  out[id] = u + g + static_cast<float>(bits & 1u);
  states[id] = local;
}

int host_generate(float *device_out, size_t n) {
  rocrand_generator generator;
  rocrand_status status = rocrand_create_generator(&generator, ROCRAND_RNG_PSEUDO_DEFAULT);
  if (status != ROCRAND_STATUS_SUCCESS) return 1;
  rocrand_set_seed(generator, 1234ULL);
  rocrand_generate_uniform(generator, device_out, n);
  rocrand_generate_normal(generator, device_out, n, 0.0f, 1.0f);
  rocrand_destroy_generator(generator);
  return 0;
}
